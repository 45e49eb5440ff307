package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Objects;

/**
 * One page of a lastpoint answer: the latest reading of each series, in series id order.
 *
 * @param next the cursor of the next page (pass it as {@code after}), or null on the last page
 */
public record LastpointPage(List<Reading> readings, SeriesId next) {

    public LastpointPage {
        readings = List.copyOf(Objects.requireNonNull(readings, "readings"));
    }
}
