package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.reading;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** Contract theme: window aggregates on hand-picked data (the random data is in {@link AggregationProperties}). */
public interface AggregationContract extends ContractSupport {

    @Test
    default void readingsOneMillisecondEitherSideOfAWindowBoundaryFallInTheirOwnWindows() {
        // given: a boundary of 7-minute windows (which do not divide an hour)
        UseCases use = useCases(store());
        SeriesId series = freshSeries("agg");
        long width = Duration.ofMinutes(7).toMillis();
        Instant boundary = Instant.ofEpochMilli((at(minutes(30)).toEpochMilli() / width + 1) * width);
        ingest(use, List.of(value(series, boundary.plusMillis(1), 3), value(series, boundary.minusMillis(1), 1),
                value(series, boundary, 2)));

        // when
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(7));

        // then
        assertThat(windows).extracting(WindowAggregate::start, WindowAggregate::end, WindowAggregate::count)
                .containsExactly(
                        tuple(boundary.minusMillis(width), boundary, 1L),
                        tuple(boundary, boundary.plusMillis(width), 2L));
        assertThat(windows.get(0).fields()).containsExactly(Map.entry("value", new FieldAggregate(1, 1, 1, 1, 1, 1)));
        assertThat(windows.get(1).fields()).containsExactly(Map.entry("value", new FieldAggregate(2, 2, 3, 5, 2, 3)));
    }

    @Test
    default void windowSpanningBucketsAggregatesReadingsEitherSideOfTheBucketBoundary() {
        // given: small buckets of one hour, and readings 1 ms either side of an hour
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)));
        SeriesId series = freshSeries("agg");
        Instant hour = at(Duration.ofHours(5));
        ingest(use, List.of(value(series, hour, 20), value(series, hour.minusMillis(1), 10), value(series, hour.plusMillis(1), 30),
                value(series, hour.minus(minutes(30)), 5), value(series, hour.plus(minutes(59)), 40)));

        // when: two-hour windows, each spanning two buckets
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, Duration.ofHours(2));

        // then
        assertThat(windows).hasSize(1);
        assertThat(windows.get(0).start()).isEqualTo(at(Duration.ofHours(4)));
        assertThat(windows.get(0).count()).isEqualTo(5);
        assertThat(windows.get(0).fields()).containsExactly(Map.entry("value", new FieldAggregate(5, 5, 40, 105, 5, 40)));
    }

    @Test
    default void windowsThatDoNotDivideAnHourAreAlignedToTheEpoch() {
        // given: a reading 20 s after an hour that is not a multiple of 13 s since the epoch
        UseCases use = useCases(store());
        SeriesId series = freshSeries("agg");
        Instant hour = at(Duration.ofHours(1));
        while (hour.toEpochMilli() % 13_000 == 0) {
            hour = hour.plus(Duration.ofHours(1));
        }
        Reading reading = value(series, hour.plusSeconds(20), 1);
        ingest(use, List.of(reading));

        // when
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, Duration.ofSeconds(13));

        // then: the window is [floor(t / 13 s) x 13 s, + 13 s), not counted from the hour
        Instant epochAligned = Instant.ofEpochMilli(Math.floorDiv(reading.epochMilli(), 13_000) * 13_000);
        assertThat(epochAligned).isNotEqualTo(hour.plusSeconds(13));
        assertThat(windows).extracting(WindowAggregate::start, WindowAggregate::end)
                .containsExactly(tuple(epochAligned, epochAligned.plusSeconds(13)));
    }

    @Test
    default void textFieldsCountTowardTheWindowButAreNotAggregated() {
        // given: a field that is a number in some readings and a text in others, and a text-only reading
        UseCases use = useCases(store());
        SeriesId series = freshSeries("agg");
        ingest(use, List.of(
                reading(series, at(minutes(1)), "temperature", 20.0, "status", "OK"),
                reading(series, at(minutes(2)), "temperature", "n/a", "status", "WARN"),
                reading(series, at(minutes(3)), "status", "OFFLINE"),
                reading(series, at(minutes(4)), "temperature", 24.0, "status", "OK")));

        // when
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(5));

        // then
        assertThat(windows).hasSize(1);
        assertThat(windows.get(0).count()).isEqualTo(4);
        assertThat(windows.get(0).fields())
                .containsExactly(Map.entry("temperature", new FieldAggregate(2, 20, 24, 44, 20, 24)));
    }

    @Test
    default void emptyWindowsAreOmittedAndRangeEdgesCutWindowsWithoutMovingThem() {
        // given: readings in the first and the fourth 10-minute window, on and beside the range's edges
        UseCases use = useCases(store());
        SeriesId series = freshSeries("agg");
        ingest(use, List.of(value(series, at(minutes(2)), 1), value(series, at(minutes(5)), 2),
                value(series, at(minutes(8)), 3), value(series, at(minutes(31)), 4), value(series, at(minutes(35)), 5),
                value(series, at(minutes(39)), 6)));

        // when: a range [5 min, 35 min) starting and ending inside windows, on readings
        List<WindowAggregate> windows = use.aggregate().aggregate(series, at(minutes(5)), at(minutes(35)), minutes(10));

        // then: windows keep their aligned bounds, hold only readings of the range, and empty ones are left out
        assertThat(windows).extracting(WindowAggregate::start, WindowAggregate::end, WindowAggregate::count)
                .containsExactly(tuple(at(minutes(0)), at(minutes(10)), 2L), tuple(at(minutes(30)), at(minutes(40)), 1L));
        assertThat(windows.get(0).fields().get("value")).isEqualTo(new FieldAggregate(2, 2, 3, 5, 2, 3));
        assertThat(windows.get(1).fields().get("value")).isEqualTo(new FieldAggregate(1, 4, 4, 4, 4, 4));
    }

    @Test
    default void allSeriesAggregatesAreOrderedBySeriesThenStart() {
        // given: series ingested in an order unlike their sort order
        UseCases use = useCases(store());
        String prefix = Fixtures.freshPrefix("agg");
        SeriesId b = new SeriesId(prefix + "b");
        SeriesId a = new SeriesId(prefix + "a");
        SeriesId a1 = new SeriesId(prefix + "a1");
        ingest(use, List.of(value(b, at(minutes(70)), 1), value(a1, at(minutes(5)), 2), value(b, at(minutes(5)), 3),
                value(a, at(minutes(65)), 4), value(a, at(minutes(1)), 5)));

        // when
        List<WindowAggregate> windows = use.aggregateAll().aggregateAll(Fixtures.BASE, Fixtures.NOW, Duration.ofHours(1));

        // then
        assertThat(windows).extracting(w -> w.series().value() + "@" + w.start()).containsExactly(
                a + "@" + at(minutes(0)), a + "@" + at(minutes(60)), a1 + "@" + at(minutes(0)),
                b + "@" + at(minutes(0)), b + "@" + at(minutes(60)));
    }
}
