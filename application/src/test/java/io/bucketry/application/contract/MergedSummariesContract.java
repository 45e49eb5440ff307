package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.BASE;
import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;

/**
 * Contract theme: aggregates over windows several buckets wide equal those of exactly the readings
 * fed (the first of each identity, late ones included), however they were batched. A store may
 * answer such windows from the summaries stored with its buckets and merge them with the readings
 * of the buckets holding a window's first and last values (mongo-bucket does); this is the test
 * that the merged summaries add up.
 */
public interface MergedSummariesContract extends ContractSupport {

    @Test
    default void wideWindowsOverSmallOverflowingBucketsEqualTheReadingsFed() {
        // given: ten-minute buckets of at most three readings, about five readings per series and bucket window
        assertWideWindowsEqualTheReadingsFed(store(BucketPolicy.windowed(Duration.ofMinutes(10), 3)), 20300722);
    }

    @Test
    default void wideWindowsOverPagedBucketsEqualTheReadingsFed() {
        // given: pages of four readings, in a store that keeps pages
        assumeCapability(store(), Capability.PAGED_BUCKETS);
        assertWideWindowsEqualTheReadingsFed(store(BucketPolicy.paged(4)), 20300723);
    }

    private void assertWideWindowsEqualTheReadingsFed(ReadingStore store, long seed) {
        // given: 1500 readings of two series over a day, a fifth of them resent with other values, shuffled
        // into batches of 40, so that most windows are written in several batches and most readings arrive late
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("sum");
        List<SeriesId> series = List.of(new SeriesId(prefix + "a"), new SeriesId(prefix + "b"));
        RandomReadings random = new RandomReadings(seed);
        List<Reading> fed = new ArrayList<>();

        // when
        for (List<Reading> batch : random.batchesWithDuplicates(random.distinct(series, 1500), 40, 0.2)) {
            ingest(use, batch);
            fed.addAll(batch);
        }

        // then: windows of one hour to one day, over the whole day and over a range cutting windows at both ends
        List<Reading> kept = BruteForce.firstWins(fed);
        Instant[][] ranges = {{BASE, NOW}, {BASE.plus(Duration.ofMinutes(17)).plusMillis(333), NOW.minus(Duration.ofMinutes(41))}};
        for (Duration window : List.of(Duration.ofHours(1), Duration.ofHours(6), Duration.ofDays(1))) {
            for (Instant[] range : ranges) {
                Instant from = range[0];
                Instant to = range[1];
                assertSameWindows(use.aggregateAll().aggregateAll(from, to, window),
                        BruteForce.windows(kept, from, to, window));
                for (SeriesId id : series) {
                    assertSameWindows(use.aggregate().aggregate(id, from, to, window), BruteForce.windows(
                            kept.stream().filter(r -> r.series().equals(id)).toList(), from, to, window));
                }
            }
        }
    }
}
