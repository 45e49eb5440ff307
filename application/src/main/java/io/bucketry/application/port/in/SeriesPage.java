package io.bucketry.application.port.in;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Objects;

/**
 * One page of a series listing, in id order.
 *
 * @param next the cursor of the next page (pass it as {@code after}), or null on the last page
 */
public record SeriesPage(List<SeriesSummary> series, SeriesId next) {

    public SeriesPage {
        series = List.copyOf(Objects.requireNonNull(series, "series"));
    }
}
