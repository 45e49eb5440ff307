package io.bucketry.server.influxql;

import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The measurement and tags of a series read back from its id, as the line protocol's {@code pairs} rule
 * builds it ({@code cpu.host:a.region:eu}): the measurement is what precedes the first {@code key:value}
 * part, each such part a tag (a part without {@code :} continues the previous value, which had a dot).
 * An id of the {@code values} rule or a JSON-written one ({@code cpu.a.eu}, {@code sensor-1}) is a
 * measurement up to its first dot with no tags. Serves until series keep their measurement and tags.
 */
public final class IdSeriesDirectory implements SeriesDirectory {

    private final ListSeriesUseCase series;

    public IdSeriesDirectory(ListSeriesUseCase series) {
        this.series = series;
    }

    @Override
    public List<TaggedSeries> series(String measurement, TagFilter filter, int max) {
        List<TaggedSeries> found = new ArrayList<>();
        String prefix = measurement == null || SeriesId.problem(measurement) != null ? null : measurement;
        if (measurement != null && prefix == null) {
            return found;   // no id starts with a name that is no valid series id
        }
        boolean all = list(filter, prefix, max, tagged -> measurement == null || tagged.measurement().equals(measurement),
                found);
        if (!all) {
            throw new QueryException("the statement would read more than " + max
                    + " series; name a measurement or filter on tags");
        }
        found.sort(Comparator.comparing(TaggedSeries::measurement).thenComparing(s -> s.id().value()));
        return found;
    }

    @Override
    public List<TaggedSeries> matching(TagFilter filter, int max) {
        List<TaggedSeries> found = new ArrayList<>();
        return list(filter, null, max, tagged -> true, found) ? found : null;
    }

    /** Adds the listed series that {@code keep} accepts to {@code found}, in id order; false past {@code max}. */
    private boolean list(TagFilter filter, String prefix, int max, Predicate<TaggedSeries> keep, List<TaggedSeries> found) {
        String after = null;
        do {
            SeriesPage page = series.list(filter, prefix, after, ListSeriesUseCase.MAX_LIMIT);
            for (SeriesSummary summary : page.series()) {
                TaggedSeries tagged = of(summary);
                if (keep.test(tagged)) {
                    if (found.size() == max) {
                        return false;
                    }
                    found.add(tagged);
                }
            }
            after = page.next() == null ? null : page.next().value();
        } while (after != null);
        return true;
    }

    /**
     * The measurement and tags a series was last written with, where the store keeps them (series tags); else
     * those its id spells ({@link #of(SeriesId)}).
     */
    static TaggedSeries of(SeriesSummary summary) {
        SeriesMeta meta = summary.meta();
        if (meta == null || meta.measurement() == null) {
            return of(summary.series());
        }
        return new TaggedSeries(summary.series(), meta.measurement(), new TreeMap<>(meta.tags().values()), true);
    }

    /** The measurement and tags {@code id} spells. */
    static TaggedSeries of(SeriesId id) {
        String[] parts = id.value().split("\\.", -1);
        StringBuilder measurement = new StringBuilder(parts[0]);
        TreeMap<String, String> tags = new TreeMap<>();
        String key = null;
        for (int i = 1; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            if (colon > 0) {
                key = parts[i].substring(0, colon);
                tags.put(key, parts[i].substring(colon + 1));
            } else if (key != null) {
                tags.merge(key, "." + parts[i], String::concat);
            } else if (tags.isEmpty() && hasPairs(parts, i)) {
                measurement.append('.').append(parts[i]);
            } else {
                return new TaggedSeries(id, parts[0], tags, false);
            }
        }
        return new TaggedSeries(id, measurement.toString(), tags, false);
    }

    /** True when a {@code key:value} part follows {@code from}: the parts before it are the measurement's. */
    private static boolean hasPairs(String[] parts, int from) {
        for (int i = from; i < parts.length; i++) {
            if (parts[i].indexOf(':') > 0) {
                return true;
            }
        }
        return false;
    }
}
