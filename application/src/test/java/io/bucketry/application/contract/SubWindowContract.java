package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.reading;
import static io.bucketry.application.contract.Fixtures.value;
import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Contract theme: sub-window summaries (the computed pattern), on stores with
 * {@link Capability#SUB_WINDOW_SUMMARIES}: aggregates over whole sub-windows equal the brute force
 * over the readings, whatever arrived late, twice, or was deleted, and wherever the range cuts a
 * sub-window. Every other theme runs with sub-windows on in {@link SubWindowStoreContract}.
 */
public interface SubWindowContract extends ContractSupport {

    /** 5-minute sub-windows in 1-hour buckets of at most {@code maxCount} readings. */
    static BucketPolicy fiveMinutes(int maxCount) {
        return BucketPolicy.windowed(Duration.ofHours(1), maxCount).withSubWindows(SubWindows.every(minutes(5)));
    }

    /** A store of {@code policy}, or the test skipped when the backend keeps no sub-window summaries. */
    private ReadingStore subWindowStore(BucketPolicy policy) {
        ReadingStore store = store(policy);
        assumeCapability(store, Capability.SUB_WINDOW_SUMMARIES);
        return store;
    }

    @Test
    default void lateAndDuplicateReadingsChangeTheSummariesOfTheirSubWindowOnly() {
        // given: readings in time order, then a late one in an earlier sub-window and a duplicate of another
        UseCases use = useCases(subWindowStore(fiveMinutes(1000)));
        SeriesId series = freshSeries("sub");
        ingest(use, List.of(value(series, at(minutes(1)), 10), value(series, at(minutes(3)), 30),
                value(series, at(minutes(6)), 60), value(series, at(minutes(11)), 110)));
        use.ingest().ingest(Fixtures.inputs(List.of(value(series, at(minutes(0)), 5), value(series, at(minutes(6)), 999))));

        // when: 5-minute and 10-minute windows, both multiples of the sub-window
        List<WindowAggregate> fives = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(5));
        List<WindowAggregate> tens = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(10));

        // then: the late reading is first of its sub-window; the duplicate changed nothing
        assertThat(fives).extracting(w -> w.fields().get("value")).containsExactly(
                new FieldAggregate(3, 5, 30, 45, 5, 30), new FieldAggregate(1, 60, 60, 60, 60, 60),
                new FieldAggregate(1, 110, 110, 110, 110, 110));
        assertThat(tens).extracting(WindowAggregate::count).containsExactly(4L, 1L);
        assertThat(tens.get(0).fields().get("value")).isEqualTo(new FieldAggregate(4, 5, 60, 105, 5, 60));
    }

    @Test
    default void overflowBucketsOfOneWindowMergeTheirSubWindowsByTime() {
        // given: buckets of 2 readings, so one sub-window's readings lie in three buckets, stored out of order
        UseCases use = useCases(subWindowStore(fiveMinutes(2)));
        SeriesId series = freshSeries("sub");
        List<Reading> readings = List.of(value(series, at(Duration.ofSeconds(200)), 4), value(series, at(Duration.ofSeconds(10)), 1),
                value(series, at(Duration.ofSeconds(290)), 6), value(series, at(Duration.ofSeconds(20)), 2),
                value(series, at(Duration.ofSeconds(100)), 3));
        ingest(use, readings);

        // when
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(5));

        // then: first and last by time across buckets
        assertThat(windows).hasSize(1);
        assertThat(windows.get(0).count()).isEqualTo(5);
        assertThat(windows.get(0).fields().get("value")).isEqualTo(new FieldAggregate(5, 1, 6, 16, 1, 6));
    }

    @Test
    default void rangeEdgesInsideASubWindowCountOnlyTheReadingsInTheRange() {
        // given: readings every minute of an hour, text-only ones among them
        UseCases use = useCases(subWindowStore(fiveMinutes(1000)));
        SeriesId series = freshSeries("sub");
        List<Reading> readings = new ArrayList<>();
        for (int minute = 0; minute < 60; minute++) {
            readings.add(minute % 7 == 0 ? reading(series, at(minutes(minute)), "status", "OK")
                    : reading(series, at(minutes(minute)), "value", minute, "status", "OK"));
        }
        ingest(use, readings);

        // when: a range from 2 min 30 s to 47 min, cutting the first and the last sub-window it touches
        Instant from = at(Duration.ofSeconds(150));
        Instant to = at(minutes(47));
        List<WindowAggregate> windows = use.aggregate().aggregate(series, from, to, minutes(15));

        // then
        assertSameWindows(windows, BruteForce.windows(readings, from, to, minutes(15)));
    }

    @Test
    default void aDeletedSeriesWrittenAgainHasOnlyItsNewSummaries() {
        // given: a series deleted and written again in the same sub-windows
        UseCases use = useCases(subWindowStore(fiveMinutes(1000)));
        SeriesId series = freshSeries("sub");
        ingest(use, List.of(value(series, at(minutes(1)), 100), value(series, at(minutes(2)), 200)));
        use.delete().delete(series);
        ingest(use, List.of(value(series, at(minutes(3)), 3)));

        // when
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(5));

        // then
        assertThat(windows).extracting(WindowAggregate::count).containsExactly(1L);
        assertThat(windows.get(0).fields()).containsExactly(Map.entry("value", new FieldAggregate(1, 3, 3, 3, 3, 3)));
    }

    @Test
    default void expiredReadingsLeaveASubWindowThatRetentionCuts() {
        // given: retention of one day, and readings in one sub-window either side of its expiry
        ApplicationSettings settings = ApplicationSettings.defaults()
                .withRetention(new RetentionPolicy(Duration.ofDays(1), Duration.ofHours(1), Duration.ofHours(1)));
        UseCases use = useCases(subWindowStore(fiveMinutes(1000)), settings);
        SeriesId series = freshSeries("sub");
        ingest(use, List.of(value(series, at(minutes(10)), 1), value(series, at(minutes(12)), 2),
                value(series, at(minutes(14)), 3)));

        // when: the clock moves so that the first two have expired
        clock().set(at(minutes(12)).plus(Duration.ofDays(1)).plusMillis(1));
        List<WindowAggregate> windows = use.aggregate().aggregate(series, Fixtures.BASE, clock().instant(), minutes(5));

        // then
        assertThat(windows).extracting(WindowAggregate::count).containsExactly(1L);
        assertThat(windows.get(0).fields().get("value")).isEqualTo(new FieldAggregate(1, 3, 3, 3, 3, 3));
    }
}
