package io.bucketry.adapter.mongo.common.testing;

import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The tag tests' data for both Mongo adapters, and their brute force: readings as first stored, each with
 * the meta it was written with, and what every tag query must answer, computed by the domain over them.
 */
public final class TaggedReadings {

    private final Map<SeriesId, TreeMap<Long, Reading>> stored = new TreeMap<>();

    public static SeriesMeta tags(String building, String type) {
        return SeriesMeta.of(new Tags(Map.of("building", building, "type", type)));
    }

    /**
     * Writes "the move" through {@code store}, recording it: four sensors over three hours, one reading every 10
     * minutes, a and b in building 1, c in 2, d untagged; a moves to building 2 at 1:30 (mid-window), then a
     * late reading of a at 1:00 and 1:05 comes with its old tags, and b's reading at 0:20 is sent again with
     * other tags (a duplicate). Series ids sort a, b, c, d.
     */
    public TaggedReadings writeTheMove(Instant base, String run, Consumer<List<Reading>> store) {
        SeriesId a = new SeriesId("a-" + run);
        SeriesId b = new SeriesId("b-" + run);
        SeriesId c = new SeriesId("c-" + run);
        SeriesId d = new SeriesId("d-" + run);
        List<Reading> first = new ArrayList<>();
        for (long m = 0; m < 180; m += 10) {
            if (m != 60) {
                first.add(at(base, a, m, m, m < 90 ? tags("1", "temp") : tags("2", "temp")));
            }
            first.add(at(base, b, m, 1000 + m, tags("1", "hum")));
            first.add(at(base, c, m, 2000 + m, tags("2", "temp")));
            first.add(at(base, d, m, 3000 + m, SeriesMeta.NONE));
        }
        write(store, first.subList(0, 40));
        write(store, first.subList(40, first.size()));
        write(store, List.of(at(base, a, 65, -65, tags("1", "temp")), at(base, a, 60, -60, tags("1", "temp"))));
        write(store, List.of(at(base, b, 20, 99, tags("9", "hum"))));
        return this;
    }

    private static Reading at(Instant base, SeriesId series, long minutes, double value, SeriesMeta meta) {
        return Reading.of(series.value(), base.plus(Duration.ofMinutes(minutes)), Map.of("value", value)).withMeta(meta);
    }

    private void write(Consumer<List<Reading>> store, List<Reading> batch) {
        store.accept(batch);
        batch.forEach(r -> stored.computeIfAbsent(r.series(), s -> new TreeMap<>()).putIfAbsent(r.epochMilli(), r));
    }

    /** The first series (the one that moved). */
    public SeriesId moved() {
        return stored.keySet().iterator().next();
    }

    public List<SeriesId> series() {
        return new ArrayList<>(stored.keySet());
    }

    /** The stored readings written with tags {@code filter} keeps, of one series (null: all), by series then time. */
    public List<Reading> readings(TagFilter filter, SeriesId only) {
        List<Reading> out = new ArrayList<>();
        stored.forEach((series, readings) -> readings.values().forEach(r -> {
            if ((only == null || only.equals(series)) && filter.matches(r.meta().tags())) {
                out.add(r);
            }
        }));
        return out;
    }

    /** Window aggregates of every series of the readings {@code filter} keeps. */
    public List<WindowAggregate> windows(TagFilter filter, Duration width) {
        Map<SeriesId, WindowAggregator> bySeries = new TreeMap<>();
        readings(filter, null).forEach(r -> bySeries.computeIfAbsent(r.series(), s -> new WindowAggregator(s, width)).add(r));
        List<WindowAggregate> out = new ArrayList<>();
        bySeries.values().forEach(aggregator -> out.addAll(aggregator.result()));
        return out;
    }

    /** Grouped windows of the readings {@code filter} keeps, each under the tags it was written with. */
    public List<GroupWindows> groups(TagFilter filter, GroupBy groupBy, Duration width) {
        GroupAggregator aggregator = new GroupAggregator(groupBy, width);
        Map<SeriesId, List<Reading>> bySeries = new TreeMap<>();
        readings(filter, null).forEach(r -> bySeries.computeIfAbsent(r.series(), s -> new ArrayList<>()).add(r));
        bySeries.forEach((series, readings) -> {
            aggregator.series(series);
            aggregator.addAll(readings);
        });
        return aggregator.result();
    }

    /** Each series' latest reading, in series id order. */
    public List<Reading> latest() {
        List<Reading> out = new ArrayList<>();
        stored.values().forEach(readings -> out.add(readings.lastEntry().getValue()));
        return out;
    }

    /** Each tagged series' latest meta (what latestMeta answers). */
    public Map<SeriesId, SeriesMeta> latestMeta() {
        Map<SeriesId, SeriesMeta> out = new TreeMap<>();
        latest().stream().filter(r -> !r.meta().equals(SeriesMeta.NONE)).forEach(r -> out.put(r.series(), r.meta()));
        return out;
    }
}
