package io.bucketry.application.port.in;

import io.bucketry.domain.SeriesId;

/** Use case: remove every reading of a series; answers how many were removed. */
public interface DeleteSeriesUseCase {

    long delete(SeriesId series);
}
