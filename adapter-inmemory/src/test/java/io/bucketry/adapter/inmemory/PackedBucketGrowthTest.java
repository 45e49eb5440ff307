package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.TestReadings;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.bucketry.domain.TestReadings.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** How a bucket's arrays grow: doubling, so that n readings cost O(n) copies, and never past maxCount. */
class PackedBucketGrowthTest {

    private static final int INITIAL_CAPACITY = 16;

    @Test
    void aFullArrayDoublesItsCapacity() {
        // given
        PackedBucket bucket = emptyBucket(BucketPolicy.windowed(Duration.ofHours(1), 10_000));
        int expected = INITIAL_CAPACITY;

        for (int count = 1; count <= 1000; count++) {
            // when
            bucket.add(reading(count, "x", count));

            // then: capacity is the smallest power-of-two multiple of the initial one that holds count
            if (count > expected) {
                expected *= 2;
            }
            assertThat(bucket.capacity()).as("capacity after %d readings", count).isEqualTo(expected);
        }
    }

    @Test
    void growthStopsAtTheBucketsMaxCount() {
        // given
        int maxCount = 40;
        PackedBucket bucket = emptyBucket(BucketPolicy.windowed(Duration.ofHours(1), maxCount));

        // when
        for (int count = 1; count <= maxCount; count++) {
            bucket.add(reading(count, "x", count));
        }

        // then: 16 → 32 → 40 (not 64), and a full bucket does not grow
        assertThat(bucket.capacity()).isEqualTo(maxCount);
        assertThat(bucket.add(reading(maxCount + 1, "x", 0))).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(bucket.capacity()).isEqualTo(maxCount);
    }

    @Test
    void aBucketOpenedForAnExpectedCountDoesNotGrowBeforeIt() {
        // given
        PackedBucket bucket = PackedBucket.open(TestReadings.SENSOR, 0, 0, BucketPolicy.windowed(Duration.ofHours(1), 1000), 100);

        // when
        for (int count = 1; count <= 100; count++) {
            bucket.add(reading(count, "x", count));
        }

        // then
        assertThat(bucket.capacity()).isEqualTo(100);
        bucket.add(reading(101, "x", 0));
        assertThat(bucket.capacity()).isEqualTo(200);
    }

    @Test
    void aNewTextAddsAtLeastItsCharactersToTheBucketsHeap() {
        // given: a bucket holding one text
        PackedBucket bucket = emptyBucket(TestReadings.HOURLY);
        bucket.add(reading(1, "status", "OK"));
        long oneText = bucket.heapBytes();

        // when: a reading brings a second, long text
        bucket.add(reading(2, "status", "x".repeat(256)));

        // then: the heap grew by at least the text's characters
        assertThat(bucket.heapBytes()).isGreaterThanOrEqualTo(oneText + 256);
    }

    private static PackedBucket emptyBucket(BucketPolicy policy) {
        return PackedBucket.open(TestReadings.SENSOR, 0, 0, policy);
    }
}
