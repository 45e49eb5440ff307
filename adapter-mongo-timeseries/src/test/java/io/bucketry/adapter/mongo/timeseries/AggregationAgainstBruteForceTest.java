package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The one-pipeline aggregation against the domain's WindowAggregator over the deduplicated
 * readings: random dynamic field names (including "series", the metaField's name), texts mixed
 * with numbers, duplicates within and across batches.
 */
class AggregationAgainstBruteForceTest {

    private static final String[] NAMES = {"temperature", "pressure", "series", "status", "x1", "Value_2"};
    /**
     * Straddles 1970 where the server allows it (negative remainders of the window arithmetic);
     * real servers keep time-series dates within 1970–2038 best, so there it is the test base.
     */
    private static final Instant ORIGIN = MongoTestLane.get().isEmbedded()
            ? Instant.parse("1969-12-31T23:00:00Z") : TestData.BASE;

    @Test
    void randomReadingsAggregateLikeTheBruteForce() {
        Random random = new Random(20260722);
        List<String> series = List.of(TestData.freshSeries("agg"), TestData.freshSeries("agg"));
        Map<String, Reading> firstWins = new TreeMap<>();
        try (MongoTimeSeriesReadingStore store = TestData.open(MongoTestLane.get().freshSettings("agg"))) {
            for (int batch = 0; batch < 6; batch++) {
                List<Reading> readings = new ArrayList<>();
                for (int i = 0; i < 60; i++) {
                    String s = series.get(random.nextInt(series.size()));
                    readings.add(Reading.of(s, ORIGIN.plusMillis(random.nextInt(2 * 3_600_000) / 250 * 250L),
                            randomFields(random)));
                }
                store.store(readings);
                readings.forEach(r -> firstWins.putIfAbsent(r.series() + "@" + r.epochMilli(), r));
            }
            assertThat(firstWins).as("distinct of 360 random readings: some were duplicates").hasSizeBetween(100, 359);
            TimeRange range = TimeRange.of(ORIGIN.plusSeconds(100), ORIGIN.plus(Duration.ofHours(2)));
            for (Duration window : List.of(Duration.ofSeconds(13), Duration.ofMinutes(7), Duration.ofHours(1))) {
                List<WindowAggregate> all = new ArrayList<>();
                for (String s : series) {
                    List<WindowAggregate> expected = bruteForce(firstWins.values(), s, range, window);
                    List<WindowAggregate> actual = store.aggregate(new SeriesId(s), range, window);
                    assertSame(actual, expected);
                    assertThat(expected).isNotEmpty();
                    all.addAll(expected);
                }
                assertSame(store.aggregateAll(range, window, 100_000).stream()
                        .filter(w -> series.contains(w.series().value())).toList(), all);
            }
            for (String s : series) {
                assertThat(store.read(new SeriesId(s), range, Integer.MAX_VALUE)).containsExactlyElementsOf(
                        firstWins.values().stream().filter(r -> r.series().value().equals(s))
                                .filter(r -> range.contains(r.epochMilli()))
                                .sorted(Comparator.comparingLong(Reading::epochMilli)).toList());
            }
        }
    }

    @Test
    void aggregateAllStopsAfterTheLimit() {
        String s = TestData.freshSeries("agg");
        try (MongoTimeSeriesReadingStore store = TestData.open(MongoTestLane.get().freshSettings("agg"))) {
            List<Reading> readings = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                readings.add(TestData.reading(s, 60L * i, i));
            }
            store.store(readings);
            TimeRange range = TimeRange.of(TestData.BASE, TestData.BASE.plusSeconds(3_600));
            assertThat(store.aggregateAll(range, Duration.ofMinutes(1), 4)).hasSize(5);
        }
    }

    private static Map<String, Object> randomFields(Random random) {
        Map<String, Object> fields = new LinkedHashMap<>();
        int count = 1 + random.nextInt(3);
        while (fields.size() < count) {
            String name = NAMES[random.nextInt(NAMES.length)];
            fields.put(name, random.nextInt(5) == 0 ? "s" + random.nextInt(3)
                    : Math.round((random.nextDouble() * 200 - 100) * 100) / 100.0);
        }
        return fields;
    }

    private static List<WindowAggregate> bruteForce(Iterable<Reading> readings, String series, TimeRange range,
                                                    Duration window) {
        WindowAggregator aggregator = new WindowAggregator(new SeriesId(series), window);
        for (Reading reading : readings) {
            if (reading.series().value().equals(series) && range.contains(reading.epochMilli())) {
                aggregator.add(reading);
            }
        }
        return aggregator.result();
    }

    private static void assertSame(List<WindowAggregate> actual, List<WindowAggregate> expected) {
        assertThat(actual).extracting(w -> w.series() + "@" + w.start() + "/" + w.end() + " n=" + w.count())
                .containsExactlyElementsOf(expected.stream()
                        .map(w -> w.series() + "@" + w.start() + "/" + w.end() + " n=" + w.count()).toList());
        for (int i = 0; i < expected.size(); i++) {
            Map<String, FieldAggregate> want = expected.get(i).fields();
            Map<String, FieldAggregate> got = actual.get(i).fields();
            assertThat(got.keySet()).containsExactlyElementsOf(want.keySet());
            want.forEach((name, w) -> {
                FieldAggregate g = got.get(name);
                assertThat(List.of(g.count(), g.min(), g.max(), g.first(), g.last()))
                        .as(name).isEqualTo(List.of(w.count(), w.min(), w.max(), w.first(), w.last()));
                assertThat(g.sum()).as(name).isCloseTo(w.sum(), within(1e-9 * Math.max(1, w.count() * 100)));
            });
        }
    }
}
