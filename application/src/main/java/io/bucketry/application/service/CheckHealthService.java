package io.bucketry.application.service;

import io.bucketry.application.port.in.CheckHealthUseCase;
import io.bucketry.application.port.out.DescribeStore;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.Objects;

/** Asks the store's own probe; a store that fails to answer it is down, with its failure as the reason. */
public final class CheckHealthService implements CheckHealthUseCase {

    private final DescribeStore store;

    public CheckHealthService(DescribeStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    @Override
    public StoreHealth check() {
        try {
            return store.health();
        } catch (StoreUnavailableException e) {
            return StoreHealth.down(e.getMessage());
        }
    }
}
