package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.BruteForce;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Aggregates over multiples of the sub-window are served from the summaries: no reading and no
 * column leaves the server for a range on sub-window boundaries, only the cut part of a sub-window
 * at an edge that cuts one, and buckets whose summaries do not hold all their readings are read.
 */
class SubWindowAggregatesTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    /** The end of the data: three hours after the base, on a sub-window boundary. */
    private static final Instant NOW = TestData.BASE.plus(Duration.ofHours(3));

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void theAlertingQueryOnSubWindowBoundariesReturnsNoReadingAndEqualsTheBruteForce(DocumentLayout layout) {
        long seed = System.nanoTime();
        try (MongoBucketReadingStore store = open(layout)) {
            // given: sensors with late readings and duplicates (sealed windows too in the sealed layout)
            List<Reading> kept = BruteForce.firstWins(ingest(store, new Random(seed), 12));
            WireTap tap = WireTap.on(store);

            // when: the alerting query, 5-minute windows of every sensor over the last 10 minutes
            Instant from = NOW.minus(Duration.ofMinutes(10));
            var windows = store.aggregateAll(TimeRange.of(from, NOW.plusMillis(1)), FIVE, Integer.MAX_VALUE);

            // then
            assertSameWindows(windows, BruteForce.windows(kept, from, NOW.plusMillis(1), FIVE), "seed " + seed);
            assertThat(windows).hasSize(24);
            assertThat(tap.returnedReadings).as("readings returned").isZero();
            assertThat(tap.returnedColumns).as("sealed columns returned").isZero();
            // and a day at hourly windows, through sealed windows in the sealed layout, also reads summaries only
            tap.reset();
            Instant dayStart = NOW.minus(Duration.ofDays(1));
            assertSameWindows(store.aggregateAll(TimeRange.of(dayStart, NOW), Duration.ofHours(1), Integer.MAX_VALUE),
                    BruteForce.windows(kept, dayStart, NOW, Duration.ofHours(1)), "seed " + seed);
            assertThat(tap.returnedReadings + tap.returnedColumns).as("readings and columns returned").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void anEdgeThatCutsASubWindowReadsOnlyTheReadingsOfTheCutPart(DocumentLayout layout) {
        long seed = System.nanoTime();
        try (MongoBucketReadingStore store = open(layout)) {
            List<Reading> kept = BruteForce.firstWins(ingest(store, new Random(seed), 5));
            WireTap tap = WireTap.on(store);

            // when: a range starting 17 s into a sub-window
            Instant from = NOW.minus(Duration.ofMinutes(10)).plusSeconds(17);
            var windows = store.aggregateAll(TimeRange.of(from, NOW), FIVE, Integer.MAX_VALUE);

            // then: the same as the brute force, and the readings returned are at most those of [from, the cut sub-window's end)
            assertSameWindows(windows, BruteForce.windows(kept, from, NOW, FIVE), "seed " + seed);
            long inCutPart = kept.stream().filter(r -> !r.time().isBefore(from)
                    && r.time().isBefore(NOW.minus(FIVE))).count();
            if (layout == DocumentLayout.ROWS) {
                assertThat(tap.returnedReadings).as("seed %d", seed).isEqualTo(inCutPart).isPositive();
            } else {
                assertThat(tap.returnedReadings + tap.returnedColumns).as("seed %d", seed).isPositive();
            }
        }
    }

    @Test
    void aBucketWrittenBeforeSubWindowsWereOnIsReadFromItsReadings() {
        // given: a bucket written without sub-windows, then more readings by a store with them
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = TestData.freshSeries("before");
        List<Reading> all = TestData.every(series, NOW.minus(Duration.ofMinutes(50)), Duration.ofMinutes(1), 50);
        try (MongoBucketReadingStore before = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults())) {
            before.store(all.subList(0, 30));
        }
        TestData.forgetSubWindow(settings); // a record made before the width was recorded: a start with another one is let in
        try (MongoBucketReadingStore after = MongoBucketReadingStore.open(settings, SubWindowDocs.HOURLY_5M, RetentionPolicy.defaults())) {
            after.store(all.subList(30, 50));

            // when / then: the aggregate counts the readings of before too
            Instant from = NOW.minus(Duration.ofHours(1));
            assertSameWindows(after.aggregate(series, TimeRange.of(from, NOW), FIVE), BruteForce.windows(all, from, NOW, FIVE));
        }
    }

    @Test
    void aBucketWrittenWithAnotherSubWindowWidthIsReadFromItsReadings() {
        // given: a bucket begun with 10-minute sub-windows, continued with 5-minute ones
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = TestData.freshSeries("width");
        List<Reading> all = TestData.every(series, NOW.minus(Duration.ofMinutes(50)), Duration.ofMinutes(1), 50);
        BucketPolicy tenMinutes = BucketPolicy.defaults().withSubWindows(io.bucketry.domain.SubWindows.every(Duration.ofMinutes(10)));
        try (MongoBucketReadingStore before = MongoBucketReadingStore.open(settings, tenMinutes, RetentionPolicy.defaults())) {
            before.store(all.subList(0, 30));
        }
        TestData.forgetSubWindow(settings); // a record made before the width was recorded: a start with another one is let in
        try (MongoBucketReadingStore after = MongoBucketReadingStore.open(settings, SubWindowDocs.HOURLY_5M, RetentionPolicy.defaults())) {
            after.store(all.subList(30, 50));

            // when / then: 10-minute windows (answered by either width) over two hours count every reading once
            Instant from = NOW.minus(Duration.ofHours(2));
            Duration ten = Duration.ofMinutes(10);
            assertSameWindows(after.aggregate(series, TimeRange.of(from, NOW), ten), BruteForce.windows(all, from, NOW, ten));
        }
    }

    private static MongoBucketReadingStore open(DocumentLayout layout) {
        // the sealed layout seals every window that has ended by NOW after each batch
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(layout, Duration.ZERO), SubWindowDocs.HOURLY_5M,
                RetentionPolicy.defaults(), Clock.fixed(NOW, ZoneOffset.UTC), true);
    }

    /** Readings of {@code sensors} sensors every 30 s over the 3 hours before NOW, shuffled, with duplicates; answers them in ingest order. */
    private static List<Reading> ingest(MongoBucketReadingStore store, Random random, int sensors) {
        List<Reading> all = new ArrayList<>();
        for (int s = 0; s < sensors; s++) {
            SeriesId series = TestData.freshSeries("alert");
            for (int i = 0; i < 360; i++) {
                all.add(TestData.sensor(series, TestData.BASE.plusSeconds(30L * i + random.nextInt(30)), random.nextInt(4000) / 100.0));
            }
        }
        List<Reading> duplicates = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Reading original = all.get(random.nextInt(all.size()));
            duplicates.add(TestData.sensor(original.series(), original.time(), -1));
        }
        Collections.shuffle(all.subList(0, all.size() / 2), random);
        all.addAll(duplicates);
        for (int from = 0; from < all.size(); from += 500) {
            store.store(all.subList(from, Math.min(all.size(), from + 500)));
        }
        return all;
    }
}
