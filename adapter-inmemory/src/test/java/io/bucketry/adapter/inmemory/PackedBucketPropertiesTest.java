package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BruteForce;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.ReadingGenerators;
import io.bucketry.domain.TestReadings;
import io.bucketry.domain.WindowAggregator;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static io.bucketry.domain.TestReadings.HOURLY;
import static io.bucketry.domain.TestReadings.SENSOR;
import static org.assertj.core.api.Assertions.assertThat;

class PackedBucketPropertiesTest {

    private static final long HOUR = 3_600_000;
    private static final Gen<List<Reading>> DISTINCT_IN_ONE_HOUR = ReadingGenerators.distinctReadings(0, HOUR, 150);
    private static final Gen<List<Reading>> WITH_DUPLICATES = ReadingGenerators.readingsWithDuplicates(0, HOUR, 150);
    private static final Gen<Long> WINDOW_MILLIS = Gen.oneOf(Gen.longs(1, 400), Gen.of(7L, 60L, 1000L, HOUR));

    @Test
    void anyInsertionOrderGivesTheSameBucketAsASortedInsert() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", DISTINCT_IN_ONE_HOUR);
            long seed = draws.draw("seed", Gen.anyLong());
            // given
            List<Reading> shuffled = new ArrayList<>(readings);
            Collections.shuffle(shuffled, new Random(seed));
            List<Reading> sorted = BruteForce.deduplicatedAndSorted(readings);

            // when
            PackedBucket fromShuffled = emptyBucket(HOURLY);
            shuffled.forEach(fromShuffled::add);
            PackedBucket fromSorted = emptyBucket(HOURLY);
            sorted.forEach(fromSorted::add);

            // then
            assertThat(fromShuffled.readings()).isEqualTo(fromSorted.readings()).isEqualTo(sorted);
            assertThat(fromShuffled.summaries()).isEqualTo(fromSorted.summaries());
            assertThat(fromShuffled.storedSizeEstimate()).isEqualTo(fromSorted.storedSizeEstimate());
        });
    }

    @Test
    void theFirstReadingOfEachMillisecondWinsAndEveryLaterOneIsADuplicate() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            // given
            PackedBucket bucket = emptyBucket(HOURLY);

            // when
            long duplicates = readings.stream().map(bucket::add).filter(o -> o == PackedBucket.Outcome.DUPLICATE).count();

            // then
            List<Reading> expected = BruteForce.deduplicatedAndSorted(readings);
            assertThat(bucket.readings()).isEqualTo(expected);
            assertThat(duplicates).isEqualTo(readings.size() - expected.size());
            assertThat(bucket.summaries()).isEqualTo(BruteForce.summaries(expected));
        });
    }

    @Test
    void eachAddAnswersWhatASimpleModelOfCountAndByteCeilingsPredicts() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            int maxCount = draws.draw("maxCount", Gen.ints(1, 40));
            // given: a model that is just a sorted map and two counters
            PackedBucket bucket = emptyBucket(BucketPolicy.windowed(Duration.ofHours(1), maxCount));
            TreeMap<Long, Reading> model = new TreeMap<>();
            long modelBytes = 0;

            for (Reading reading : readings) {
                // when
                PackedBucket.Outcome outcome = bucket.add(reading);

                // then
                PackedBucket.Outcome expected;
                if (model.containsKey(reading.epochMilli())) {
                    expected = PackedBucket.Outcome.DUPLICATE;
                } else if (model.size() >= maxCount
                        || !model.isEmpty() && modelBytes + ReadingBytes.upperBound(reading) > BucketPolicy.DEFAULT_MAX_BYTES) {
                    expected = PackedBucket.Outcome.FULL;
                } else {
                    expected = PackedBucket.Outcome.ADDED;
                    model.put(reading.epochMilli(), reading);
                    modelBytes += ReadingBytes.upperBound(reading);
                }
                assertThat(outcome).as("adding %s", reading).isEqualTo(expected);
            }
            assertThat(bucket.readings()).isEqualTo(new ArrayList<>(model.values()));
            assertThat(bucket.count()).isLessThanOrEqualTo(maxCount);
            assertThat(bucket.isFull()).isEqualTo(model.size() >= maxCount);
        });
    }

    @Test
    void trimmingAtAnyPointChangesNothingThatCanBeObserved() {
        Property.forAll(200, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            long seed = draws.draw("seed", Gen.anyLong());
            // given
            Random random = new Random(seed);
            PackedBucket trimmed = emptyBucket(HOURLY);
            PackedBucket untouched = emptyBucket(HOURLY);

            // when
            for (Reading reading : readings) {
                if (random.nextInt(4) == 0) {
                    trimmed.trimToSize();
                }
                assertThat(trimmed.add(reading)).isEqualTo(untouched.add(reading));
            }

            // then
            assertThat(trimmed.readings()).isEqualTo(untouched.readings());
            assertThat(trimmed.summaries()).isEqualTo(untouched.summaries());
        });
    }

    @Test
    void aBucketSizedUpFrontAnswersEveryAddLikeABucketThatGrows() {
        Property.forAll(200, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            int expectedCount = draws.draw("expectedCount", Gen.ints(-1, 200));
            int maxCount = draws.draw("maxCount", Gen.ints(1, 100));
            // given
            BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), maxCount);
            PackedBucket sized = PackedBucket.open(SENSOR, 0, 0, policy, expectedCount);
            PackedBucket growing = PackedBucket.open(SENSOR, 0, 0, policy);

            // when / then
            for (Reading reading : readings) {
                assertThat(sized.add(reading)).isEqualTo(growing.add(reading));
            }
            assertThat(sized.readings()).isEqualTo(growing.readings());
            assertThat(sized.summaries()).isEqualTo(growing.summaries());
        });
    }

    @Test
    void aBucketRestoredFromItsReadingsInAnyOrderIsTheSameBucket() {
        Property.forAll(200, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            long seed = draws.draw("seed", Gen.anyLong());
            // given
            PackedBucket original = emptyBucket(HOURLY);
            readings.forEach(original::add);
            List<Reading> stored = original.readings();
            Collections.shuffle(stored, new Random(seed));

            // when
            PackedBucket restored = PackedBucket.restore(SENSOR, 0, 0, HOURLY, stored);

            // then
            assertThat(restored.readings()).isEqualTo(original.readings());
            assertThat(restored.summaries()).isEqualTo(original.summaries());
            assertThat(restored.storedSizeEstimate()).isEqualTo(original.storedSizeEstimate());
        });
    }

    @Test
    void aggregatingAnyRangeOfABucketIntoAnyWindowSizeEqualsTheBruteForceComputation() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            long windowMillis = draws.draw("windowMillis", WINDOW_MILLIS);
            long from = draws.draw("from", Gen.longs(-10, 300));
            long length = draws.draw("length", Gen.longs(0, 300));
            // given
            PackedBucket bucket = emptyBucket(HOURLY);
            readings.forEach(bucket::add);
            WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMillis(windowMillis));

            // when
            bucket.aggregateInto(aggregator, from, from + length);

            // then
            assertThat(aggregator.result()).isEqualTo(
                    BruteForce.windows(SENSOR, BruteForce.deduplicatedAndSorted(readings), windowMillis, from, from + length));
        });
    }

    @Test
    void lowerBoundAgreesWithALinearScan() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", DISTINCT_IN_ONE_HOUR);
            long time = draws.draw("time", Gen.longs(-5, HOUR + 5));
            // given
            PackedBucket bucket = emptyBucket(HOURLY);
            readings.forEach(bucket::add);

            // when
            int index = bucket.lowerBound(time);

            // then
            int expected = 0;
            while (expected < bucket.count() && bucket.timeAt(expected) < time) {
                expected++;
            }
            assertThat(index).isEqualTo(expected);
        });
    }

    @Test
    void readingsTakenAtAnyPointKeepTheirValuesAndTheBucketAnswersLikeOneThatNeverLentItsArray() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            long seed = draws.draw("seed", Gen.anyLong());
            // given: a bucket whose readings are taken (sharing its array) and which is trimmed at random
            // points, and a twin that is never read until the end
            Random random = new Random(seed);
            PackedBucket lending = PackedBucket.open(SENSOR, 0, 0, HOURLY, 1 + random.nextInt(16));
            PackedBucket twin = emptyBucket(HOURLY);
            List<List<Reading>> taken = new ArrayList<>();
            List<List<Reading>> expected = new ArrayList<>();

            // when
            for (int i = 0; i < readings.size(); i++) {
                assertThat(lending.add(readings.get(i))).isEqualTo(twin.add(readings.get(i)));
                int action = random.nextInt(10);
                if (action < 2) {
                    taken.add(lending.readings());
                    expected.add(BruteForce.deduplicatedAndSorted(readings.subList(0, i + 1)));
                } else if (action == 2) {
                    lending.trimToSize();
                }
            }

            // then
            assertThat(taken).isEqualTo(expected);
            assertThat(lending.readings()).isEqualTo(twin.readings()).isEqualTo(BruteForce.deduplicatedAndSorted(readings));
            assertThat(lending.summaries()).isEqualTo(twin.summaries());
        });
    }

    @Test
    void aBucketOpenedLikeAnyPredecessorAnswersEveryAddLikeAnEmptyBucket() {
        Property.forAll(300, draws -> {
            List<Reading> before = draws.draw("before", WITH_DUPLICATES);
            boolean trimmed = draws.draw("trimmed", Gen.booleans());
            List<Reading> readings = draws.draw("readings", WITH_DUPLICATES);
            // given: a predecessor with any fields (its column order and field mapping are inherited)
            PackedBucket predecessor = emptyBucket(HOURLY);
            before.forEach(predecessor::add);
            if (trimmed) {
                predecessor.trimToSize();
            }

            // when
            PackedBucket like = PackedBucket.openLike(predecessor, 0, 1, HOURLY);
            PackedBucket fresh = PackedBucket.open(SENSOR, 0, 1, HOURLY);
            List<PackedBucket.Outcome> likeOutcomes = readings.stream().map(like::add).toList();
            List<PackedBucket.Outcome> freshOutcomes = readings.stream().map(fresh::add).toList();

            // then
            assertThat(likeOutcomes).isEqualTo(freshOutcomes);
            assertThat(like.readings()).isEqualTo(fresh.readings());
            assertThat(like.summaries()).isEqualTo(fresh.summaries());
            assertThat(like.storedSizeEstimate()).isEqualTo(fresh.storedSizeEstimate());
        });
    }

    private static PackedBucket emptyBucket(BucketPolicy policy) {
        return PackedBucket.open(TestReadings.SENSOR, 0, 0, policy);
    }
}
