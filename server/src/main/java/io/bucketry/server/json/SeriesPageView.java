package io.bucketry.server.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.out.SeriesSummary;

import java.util.List;
import java.util.Map;

/**
 * A page of the series listing as JSON: {@code {"series": [{"id", "readings", "first", "last", "measurement",
 * "tags"}…], "next": id | null}}; a series' counts and times are left out where the backend lists ids only,
 * its latest measurement and tags where it has none.
 */
public record SeriesPageView(List<Entry> series, String next) {

    /** One series; null members are not written. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String id, Long readings, String first, String last, String measurement,
                        Map<String, String> tags) {
    }

    public static SeriesPageView of(SeriesPage page) {
        return new SeriesPageView(page.series().stream().map(SeriesPageView::entry).toList(),
                page.next() == null ? null : page.next().value());
    }

    private static Entry entry(SeriesSummary summary) {
        return new Entry(summary.series().value(), summary.readings(),
                summary.first() == null ? null : summary.first().toString(),
                summary.last() == null ? null : summary.last().toString(), summary.meta().measurement(),
                summary.meta().tags().isEmpty() ? null : summary.meta().tags().values());
    }
}
