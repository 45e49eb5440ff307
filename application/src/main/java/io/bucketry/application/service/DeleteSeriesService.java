package io.bucketry.application.service;

import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.domain.SeriesId;

import java.util.Objects;

/** Removes one series. */
public final class DeleteSeriesService implements DeleteSeriesUseCase {

    private final MaintainStore store;

    public DeleteSeriesService(MaintainStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    @Override
    public long delete(SeriesId series) {
        return store.deleteSeries(Objects.requireNonNull(series, "series"));
    }
}
