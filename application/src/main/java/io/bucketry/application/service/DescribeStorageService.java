package io.bucketry.application.service;

import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.out.DescribeStore;
import io.bucketry.application.port.out.StorageStatistics;

import java.util.Objects;

/** Bucket statistics of the store. */
public final class DescribeStorageService implements DescribeStorageUseCase {

    private final DescribeStore store;

    public DescribeStorageService(DescribeStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    @Override
    public StorageStatistics describe() {
        return store.statistics();
    }
}
