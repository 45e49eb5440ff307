package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.Optional;

/** Use case: the latest unexpired reading of one series. */
public interface ReadLatestReadingUseCase {

    Optional<Reading> latest(SeriesId series);
}
