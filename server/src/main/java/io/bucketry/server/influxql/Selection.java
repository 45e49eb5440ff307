package io.bucketry.server.influxql;

import io.bucketry.domain.TagFilter;
import io.bucketry.server.influxql.Statement.Source;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The series a statement's FROM and tag condition select, by measurement, with the tag keys of the series
 * listed (as InfluxDB lists them for {@code *} and GROUP BY *): the store lists those the condition's
 * {@link TagPushdown#filter()} keeps, the residual is evaluated over them.
 */
record Selection(String measurement, SortedSet<String> tagKeys, List<TaggedSeries> series) {

    /** Every measurement {@code sources} name (none: every measurement), its series meeting {@code tags}. */
    static List<Selection> of(SeriesDirectory directory, List<Source> sources, TagPushdown tags, int maxSeries) {
        TreeMap<String, List<TaggedSeries>> byMeasurement = new TreeMap<>();
        for (TaggedSeries series : listed(directory, sources, tags.filter(), maxSeries)) {
            byMeasurement.computeIfAbsent(series.measurement(), m -> new ArrayList<>()).add(series);
        }
        List<Selection> selections = new ArrayList<>(byMeasurement.size());
        byMeasurement.forEach((measurement, all) -> {
            SortedSet<String> keys = new TreeSet<>();
            all.forEach(s -> keys.addAll(s.tags().keySet()));
            List<TaggedSeries> matching = all.stream().filter(s -> TagMatcher.matches(tags.residual(), s)).toList();
            if (!matching.isEmpty()) {
                selections.add(new Selection(measurement, keys, matching));
            }
        });
        return selections;
    }

    private static List<TaggedSeries> listed(SeriesDirectory directory, List<Source> sources, TagFilter filter,
                                             int maxSeries) {
        if (sources.isEmpty()) {
            return directory.series(null, filter, maxSeries);
        }
        List<TaggedSeries> listed = new ArrayList<>();
        java.util.Set<String> named = new java.util.HashSet<>();
        List<TaggedSeries> everything = null;
        for (Source source : sources) {
            if (source.regex() != null) {
                everything = everything == null ? directory.series(null, filter, maxSeries) : everything;
                everything.stream().filter(s -> source.regex().pattern().matcher(s.measurement()).find())
                        .filter(s -> named.add(s.id().value())).forEach(listed::add);
            } else {
                directory.series(source.name(), filter, maxSeries).stream().filter(s -> named.add(s.id().value()))
                        .forEach(listed::add);
            }
            if (listed.size() > maxSeries) {
                throw new QueryException("the statement would read more than " + maxSeries
                        + " series; name a measurement or filter on tags");
            }
        }
        return listed;
    }
}
