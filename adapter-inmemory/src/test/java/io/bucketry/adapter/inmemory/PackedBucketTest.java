package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BruteForce;
import io.bucketry.domain.BucketKey;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TestReadings;
import io.bucketry.domain.WindowAggregator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static io.bucketry.domain.TestReadings.HOURLY;
import static io.bucketry.domain.TestReadings.SENSOR;
import static io.bucketry.domain.TestReadings.reading;
import static io.bucketry.domain.TestReadings.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PackedBucketTest {

    @Test
    void aNewBucketIsEmptyAndKnowsWhereItBelongs() {
        // when
        PackedBucket bucket = PackedBucket.open(SENSOR, 3_600_000, 2, HOURLY);

        // then
        assertThat(bucket.series()).isEqualTo(SENSOR);
        assertThat(bucket.start()).isEqualTo(3_600_000);
        assertThat(bucket.seq()).isEqualTo(2);
        assertThat(bucket.isEmpty()).isTrue();
        assertThat(bucket.count()).isZero();
        assertThat(bucket.readings()).isEmpty();
        assertThat(bucket.summaries()).isEmpty();
        assertThat(bucket.storedSizeEstimate()).isZero();
        assertThat(bucket.lowerBound(0)).isZero();
        assertThatThrownBy(bucket::firstTime).isInstanceOf(IllegalStateException.class).hasMessageContaining("is empty");
        assertThatThrownBy(bucket::lastTime).isInstanceOf(IllegalStateException.class);
        assertThat(bucket).hasToString("PackedBucket[sensor-1@1970-01-01T01:00:00Z#2, 0 readings]");
        assertThat(bucket.key()).isEqualTo(new BucketKey(SENSOR, 3_600_000, 2));
    }

    @Test
    void aBucketSizedUpFrontForAnExpectedCountStillGrowsAndKeepsItsLimits() {
        // given
        BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), 50);
        PackedBucket tiny = PackedBucket.open(SENSOR, 0, 0, policy, 0);
        PackedBucket beyondMax = PackedBucket.open(SENSOR, 0, 0, policy, 1_000_000);
        List<Reading> readings = new ArrayList<>();
        for (long time = 59; time >= 0; time--) {
            readings.add(reading(time, "x", time, "status", time % 2 == 0 ? "even" : "odd"));
        }

        // when
        readings.forEach(tiny::add);
        readings.forEach(beyondMax::add);

        // then: the 50 latest readings arrive first and fill both; the 10 earliest answer FULL
        List<Reading> expected = BruteForce.deduplicatedAndSorted(readings.subList(0, 50));
        assertThat(tiny.readings()).isEqualTo(expected);
        assertThat(beyondMax.readings()).isEqualTo(expected);
        assertThat(beyondMax.heapBytes()).isLessThan(1_000_000);
    }

    @Test
    void aNegativeSequenceNumberIsRefused() {
        assertThatThrownBy(() -> PackedBucket.open(SENSOR, 0, -1, HOURLY)).hasMessageContaining("sequence number -1");
    }

    @Test
    void aReadingOfAnotherSeriesDoesNotBelongInTheBucket() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);

        // when / then
        assertThatThrownBy(() -> bucket.add(reading(SeriesId.of("sensor-2"), 1, "x", 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reading of series sensor-2 does not belong in a bucket of series sensor-1");
    }

    @Test
    void readingsArrivingInOrderAreAppended() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);

        // when
        List<PackedBucket.Outcome> outcomes = List.of(
                bucket.add(reading(10, "x", 1)), bucket.add(reading(20, "x", 2)), bucket.add(reading(30, "x", 3)));

        // then
        assertThat(outcomes).containsOnly(PackedBucket.Outcome.ADDED);
        assertThat(times(bucket)).containsExactly(10L, 20L, 30L);
        assertThat(bucket.firstTime()).isEqualTo(10);
        assertThat(bucket.lastTime()).isEqualTo(30);
    }

    @Test
    void lateReadingsAreInsertedInPlaceWithTheirOwnValues() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        bucket.add(reading(20, "x", 2, "status", "b"));
        bucket.add(reading(40, "x", 4, "status", "d"));

        // when: one late reading in the middle, one before all others
        PackedBucket.Outcome middle = bucket.add(reading(30, "x", 3, "status", "c"));
        PackedBucket.Outcome front = bucket.add(reading(10, "x", 1, "status", "a"));

        // then
        assertThat(middle).isEqualTo(PackedBucket.Outcome.ADDED);
        assertThat(front).isEqualTo(PackedBucket.Outcome.ADDED);
        assertThat(bucket.readings()).containsExactly(
                reading(10, "x", 1, "status", "a"), reading(20, "x", 2, "status", "b"),
                reading(30, "x", 3, "status", "c"), reading(40, "x", 4, "status", "d"));
    }

    @Test
    void readingsTakenFromABucketKeepTheirValuesWhateverTheBucketDoesNext() {
        // given: readings taken out of a bucket with room to spare share its arrays
        PackedBucket bucket = PackedBucket.open(SENSOR, 0, 0, HOURLY, 16);
        bucket.add(reading(10, "x", 1.0, "status", "OK"));
        bucket.add(reading(20, "x", 2.0, "status", "WARN"));
        List<Reading> taken = bucket.readings();
        List<Reading> copies = List.of(reading(10, "x", 1.0, "status", "OK"), reading(20, "x", 2.0, "status", "WARN"));

        // when: the bucket takes readings before them, grows, takes a new field and new texts, and is trimmed
        bucket.add(reading(5, "x", 0.5, "status", "LATE"));
        bucket.add(reading(30, "x", 3.0));
        bucket.add(reading(15, "x", 1.5, "y", 7.0));
        for (int i = 0; i < 20; i++) {
            bucket.add(reading(100 + i, "status", "text-" + i));
        }
        bucket.add(reading(1, "x", -1.0));
        bucket.trimToSize();

        // then
        assertThat(taken).isEqualTo(copies);
        assertThat(taken.get(1).fields().number("x")).isEqualTo(2.0);
        assertThat(bucket.readings()).hasSize(26).contains(copies.get(0), copies.get(1));
    }

    @Test
    void aLateReadingAfterReadingsWereTakenLeavesTheFreeRowsWithoutValues() {
        // given: readings taken out of a bucket share its array
        PackedBucket bucket = PackedBucket.open(SENSOR, 0, 0, HOURLY, 16);
        bucket.add(reading(10, "x", 1.0, "y", 10.0));
        bucket.add(reading(20, "x", 2.0, "y", 20.0));
        List<Reading> taken = bucket.readings();

        // when: a late reading moves the rows into a new array, and a reading lacking y follows
        bucket.add(reading(15, "x", 1.5, "y", 15.0));
        bucket.add(reading(30, "x", 3.0));

        // then: the last reading has no y (not a 0.0 left in a new array), the taken ones are intact
        assertThat(bucket.readingAt(3).fields()).containsOnlyKeys("x");
        assertThat(bucket.summaries().get("y").count()).isEqualTo(3);
        assertThat(taken).containsExactly(reading(10, "x", 1.0, "y", 10.0), reading(20, "x", 2.0, "y", 20.0));
    }

    @Test
    void fieldsArrivingInAnotherOrderThanTheBucketsColumnsKeepTheirNamesInThisAndTheNextBucket() {
        // given: a bucket whose columns are x, y, and a reading listing them as y, x
        PackedBucket first = PackedBucket.open(SENSOR, 0, 0, HOURLY);
        first.add(reading(1, "x", 1.0, "y", 2.0));
        Reading swapped = reading(2, "y", 20.0, "x", 10.0);
        first.add(swapped);

        // when: the next bucket, laid out like the first, gets a reading of the same (swapped) schema
        PackedBucket next = PackedBucket.openLike(first, 3_600_000, 0, HOURLY);
        Reading later = new Reading(SENSOR, Instant.ofEpochMilli(3_600_000), swapped.fields());
        next.add(later);

        // then
        assertThat(first.readingAt(1).fields().number("x")).isEqualTo(10.0);
        assertThat(first.readingAt(1).fields().number("y")).isEqualTo(20.0);
        assertThat(next.readings()).containsExactly(later);
        assertThat(next.summaries().get("x").max()).isEqualTo(10.0);
    }

    @Test
    void aReadingAtAStoredMillisecondIsADuplicateAndTheStoredOneWins() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        bucket.add(reading(10, "x", 1));
        bucket.add(reading(20, "x", 2));
        long sizeBefore = bucket.storedSizeEstimate();
        Map<String, FieldSummary> summariesBefore = bucket.summaries();

        // when: the same times again with other values, the last one in the same millisecond but 0.5 ms later
        PackedBucket.Outcome atLast = bucket.add(reading(20, "x", 99, "y", 5));
        PackedBucket.Outcome atFirst = bucket.add(reading(10, "x", -99));
        PackedBucket.Outcome truncatedOnto = bucket.add(new Reading(SENSOR, Instant.ofEpochMilli(10).plusNanos(500_000),
                Fields.of(Map.of("x", 7))));

        // then
        assertThat(List.of(atLast, atFirst, truncatedOnto)).containsOnly(PackedBucket.Outcome.DUPLICATE);
        assertThat(bucket.readings()).containsExactly(reading(10, "x", 1), reading(20, "x", 2));
        assertThat(bucket.summaries()).isEqualTo(summariesBefore);
        assertThat(bucket.storedSizeEstimate()).isEqualTo(sizeBefore);
        assertThat(bucket.contains(10)).isTrue();
        assertThat(bucket.contains(15)).isFalse();
    }

    @Test
    void aBucketAtMaxCountAnswersFullAndDoesNotGrow() {
        // given
        PackedBucket bucket = emptyBucket(BucketPolicy.windowed(Duration.ofHours(1), 3));
        bucket.add(reading(10, "x", 1));
        bucket.add(reading(20, "x", 2));
        assertThat(bucket.isFull()).isFalse();
        bucket.add(reading(30, "x", 3));

        // when
        PackedBucket.Outcome later = bucket.add(reading(40, "x", 4));
        PackedBucket.Outcome late = bucket.add(reading(15, "x", 1.5));
        PackedBucket.Outcome duplicate = bucket.add(reading(20, "x", 9));

        // then
        assertThat(bucket.isFull()).isTrue();
        assertThat(later).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(late).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(duplicate).as("a duplicate is a duplicate even in a full bucket").isEqualTo(PackedBucket.Outcome.DUPLICATE);
        assertThat(times(bucket)).containsExactly(10L, 20L, 30L);
        assertThat(bucket.summaries().get("x")).isEqualTo(new FieldSummary(3, 1, 3, 6));
    }

    @Test
    void aBucketOfOneReadingIsFullAfterTheFirst() {
        // given
        PackedBucket bucket = emptyBucket(BucketPolicy.paged(1));

        // when / then
        assertThat(bucket.add(reading(10, "x", 1))).isEqualTo(PackedBucket.Outcome.ADDED);
        assertThat(bucket.add(reading(5, "x", 1))).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(bucket.count()).isEqualTo(1);
    }

    @Test
    void aBucketOfLongTextsAnswersFullAtTheByteCeilingBeforeItsCountCeiling() {
        // given: the smallest byte ceiling, a count ceiling far away, readings with a 256-character text
        BucketPolicy policy = new BucketPolicy.Windowed(Duration.ofHours(1), 100_000, BucketPolicy.MIN_BYTES);
        PackedBucket bucket = emptyBucket(policy);
        int readingSize = ReadingBytes.upperBound(reading(0, "note", repeat('n', 256)));
        int fitting = BucketPolicy.MIN_BYTES / readingSize;

        // when
        List<PackedBucket.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i <= fitting; i++) {
            outcomes.add(bucket.add(reading(i, "note", repeat('n', 255) + (char) ('a' + i % 26))));
        }

        // then
        assertThat(outcomes.subList(0, fitting)).containsOnly(PackedBucket.Outcome.ADDED);
        assertThat(outcomes.get(fitting)).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(bucket.count()).isEqualTo(fitting).isLessThan(100_000);
        assertThat(bucket.storedSizeEstimate()).isEqualTo((long) fitting * readingSize).isLessThanOrEqualTo(policy.maxBytes());
        Reading small = reading(-1, "x", 1);
        assertThat(ReadingBytes.upperBound(small)).isLessThan(BucketPolicy.MIN_BYTES - fitting * readingSize);
        assertThat(bucket.add(small)).as("a small reading still fits under the ceiling").isEqualTo(PackedBucket.Outcome.ADDED);
    }

    @Test
    void summariesCountMinMaxAndSumEveryNumericFieldAndIgnoreTexts() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);

        // when
        bucket.add(reading(30, "temperature", 22.5, "pressure", 1000, "status", "OK"));
        bucket.add(reading(10, "temperature", -3.0, "status", "LOW"));
        bucket.add(reading(20, "temperature", 7.5, "pressure", 1010, "mixed", 5));
        bucket.add(reading(40, "mixed", "n/a"));

        // then
        Map<String, FieldSummary> summaries = bucket.summaries();
        assertThat(summaries).containsOnlyKeys("temperature", "pressure", "mixed");
        assertThat(summaries.get("temperature")).isEqualTo(new FieldSummary(3, -3.0, 22.5, 27.0));
        assertThat(summaries.get("pressure")).isEqualTo(new FieldSummary(2, 1000, 1010, 2010));
        assertThat(summaries.get("mixed")).isEqualTo(new FieldSummary(1, 5, 5, 5));
        assertThat(List.copyOf(summaries.keySet())).as("first-seen order").containsExactly("temperature", "pressure", "mixed");
        assertThat(summaries).isEqualTo(BruteForce.summaries(bucket.readings()));
    }

    @Test
    void summariesOfSignedZerosAndOfOnlyNegativeNumbersFollowMathMinAndMax() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);

        // when
        bucket.add(reading(1, "zero", 0.0, "negative", -5.0));
        bucket.add(reading(2, "zero", -0.0, "negative", -3.0));

        // then
        assertThat(bucket.summaries().get("zero")).isEqualTo(new FieldSummary(2, -0.0, 0.0, 0.0));
        assertThat(bucket.summaries().get("negative")).isEqualTo(new FieldSummary(2, -5.0, -3.0, -8.0));
    }

    @Test
    void aReadingRoundTripsNumericAndTextFieldsAndTheFieldsItLacks() {
        // given: readings with different subsets of the bucket's fields, a field that is a number
        // in one reading and a text in another, -0.0, extreme values and an empty text
        List<Reading> readings = List.of(
                reading(5, "temperature", 22.4, "status", "OK"),
                reading(1, "pressure", 1013.25),
                reading(3, "status", "OK", "mixed", "text"),
                reading(2, "mixed", 42, "temperature", -0.0),
                reading(4, "temperature", Double.MAX_VALUE, "pressure", -Double.MIN_VALUE, "status", ""));
        PackedBucket bucket = emptyBucket(HOURLY);

        // when
        readings.forEach(bucket::add);

        // then
        assertThat(bucket.readings()).containsExactlyElementsOf(BruteForce.deduplicatedAndSorted(readings));
        assertThat(bucket.readingAt(0).fields()).containsOnlyKeys("pressure");
        assertThat(bucket.readingAt(1).fields().get("temperature")).isEqualTo(FieldValue.of(-0.0));
        assertThat(bucket.readingAt(1).fields().get("mixed")).isEqualTo(FieldValue.of(42));
        assertThat(bucket.readingAt(2).fields().get("mixed")).isEqualTo(FieldValue.of("text"));
        assertThat(bucket.readingAt(3).fields().get("status")).isEqualTo(FieldValue.of(""));
        assertThat(bucket.readingAt(4).series()).isEqualTo(SENSOR);
        assertThat(bucket.readingAt(4).time()).isEqualTo(Instant.ofEpochMilli(5));
        assertThatThrownBy(() -> bucket.readingAt(5)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> bucket.readingAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void manyDistinctTextsRoundTripPastTheDictionarysLinearScan() {
        // given: 40 distinct texts, each used three times, arriving out of order
        PackedBucket bucket = emptyBucket(HOURLY);
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            readings.add(reading((i * 37L) % 120, "status", "state-" + (i % 40), "n", i));
        }

        // when
        readings.forEach(bucket::add);

        // then
        assertThat(bucket.readings()).containsExactlyElementsOf(BruteForce.deduplicatedAndSorted(readings));
    }

    @Test
    void aBucketMayHoldMoreDistinctFieldsThanOneReadingMay() {
        // given: 100 readings, each with a field no other reading has
        PackedBucket bucket = emptyBucket(HOURLY);
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            readings.add(reading(100 - i, "f" + i, i));
        }

        // when
        readings.forEach(bucket::add);

        // then
        assertThat(bucket.summaries()).hasSize(100);
        assertThat(bucket.readings()).containsExactlyElementsOf(BruteForce.deduplicatedAndSorted(readings));
        assertThat(bucket.readingAt(0).fields()).hasSize(1);
    }

    @Test
    void lowerBoundIsTheFirstIndexAtOrAfterATime() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        for (long time : new long[] {10, 20, 30}) {
            bucket.add(reading(time, "x", 1));
        }

        // when / then
        assertThat(bucket.lowerBound(Long.MIN_VALUE)).isZero();
        assertThat(bucket.lowerBound(9)).isZero();
        assertThat(bucket.lowerBound(10)).isZero();
        assertThat(bucket.lowerBound(11)).isEqualTo(1);
        assertThat(bucket.lowerBound(20)).isEqualTo(1);
        assertThat(bucket.lowerBound(30)).isEqualTo(2);
        assertThat(bucket.lowerBound(31)).isEqualTo(3);
        assertThat(bucket.lowerBound(Long.MAX_VALUE)).isEqualTo(3);
        assertThat(bucket.timeAt(1)).isEqualTo(20);
    }

    @Test
    void readingsIntoCopiesAHalfOpenIndexRange() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        for (long time = 0; time < 5; time++) {
            bucket.add(reading(time, "x", time));
        }
        List<Reading> out = new ArrayList<>();

        // when
        bucket.readingsInto(bucket.lowerBound(1), bucket.lowerBound(4), out);

        // then
        assertThat(out).extracting(Reading::epochMilli).containsExactly(1L, 2L, 3L);
        assertThatThrownBy(() -> bucket.readingsInto(3, 6, out)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aggregatingARangeOfTheBucketEqualsTheBruteForceComputation() {
        // given: a minute of readings every 700 ms, fed in reverse order, two numeric fields and a text
        PackedBucket bucket = emptyBucket(HOURLY);
        List<Reading> readings = new ArrayList<>();
        for (long time = 60_000; time >= 0; time -= 700) {
            readings.add(reading(time, "temperature", Math.sin(time), "pressure", time % 13, "status", "s" + time % 3));
        }
        readings.forEach(bucket::add);
        long from = 9_800;
        long to = 50_400;

        // when
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofSeconds(7));
        bucket.aggregateInto(aggregator, from, to);

        // then
        assertThat(aggregator.result()).isEqualTo(BruteForce.windows(SENSOR, readings, 7_000, from, to));
        assertThat(aggregator.result().get(0).start()).isEqualTo(Instant.ofEpochMilli(7_000));
    }

    @Test
    void aggregatingAnEmptyRangeProducesNoWindow() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        bucket.add(reading(10, "x", 1));
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofSeconds(1));

        // when
        bucket.aggregateInto(aggregator, 11, 20);
        bucket.aggregateInto(aggregator, 0, 10);

        // then
        assertThat(aggregator.result()).isEmpty();
    }

    @Test
    void trimmingKeepsTheContentAndALaterAddStillWorks() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        List<Reading> readings = new ArrayList<>(List.of(
                reading(10, "x", 1, "status", "OK"), reading(30, "x", 3), reading(20, "status", "LOW")));
        readings.forEach(bucket::add);
        List<Reading> before = bucket.readings();
        Map<String, FieldSummary> summariesBefore = bucket.summaries();
        long heapBefore = bucket.heapBytes();

        // when
        bucket.trimToSize();

        // then
        assertThat(bucket.readings()).isEqualTo(before);
        assertThat(bucket.summaries()).isEqualTo(summariesBefore);
        assertThat(bucket.heapBytes()).isLessThan(heapBefore);

        // and when: more readings, late, new texts, a new field, an append
        List<Reading> more = List.of(reading(15, "x", 1.5, "status", "HIGH"), reading(5, "y", 9),
                reading(40, "x", 4, "status", "OK"), reading(25, "status", "NEW"));
        more.forEach(reading -> assertThat(bucket.add(reading)).isEqualTo(PackedBucket.Outcome.ADDED));
        readings.addAll(more);

        // then
        assertThat(bucket.readings()).containsExactlyElementsOf(BruteForce.deduplicatedAndSorted(readings));
        assertThat(bucket.summaries()).isEqualTo(BruteForce.summaries(readings));
        assertThat(bucket.add(reading(25, "x", 0))).isEqualTo(PackedBucket.Outcome.DUPLICATE);
    }

    @Test
    void trimmingAnEmptyBucketLeavesItUsable() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);

        // when
        bucket.trimToSize();
        bucket.add(reading(1, "x", 1));

        // then
        assertThat(bucket.readings()).containsExactly(reading(1, "x", 1));
    }

    @Test
    void aRestoredBucketEqualsTheBucketItWasStoredFrom() {
        // given
        PackedBucket original = PackedBucket.open(SENSOR, 0, 1, HOURLY);
        for (long time = 0; time < 50; time++) {
            original.add(reading((time * 7) % 50, "x", time, "status", time % 2 == 0 ? "even" : "odd"));
        }
        List<Reading> stored = new ArrayList<>(original.readings());
        java.util.Collections.reverse(stored);

        // when
        PackedBucket restored = PackedBucket.restore(SENSOR, 0, 1, HOURLY, stored);

        // then
        assertThat(restored.readings()).isEqualTo(original.readings());
        assertThat(restored.summaries()).isEqualTo(original.summaries());
        assertThat(restored.storedSizeEstimate()).isEqualTo(original.storedSizeEstimate());
        assertThat(restored.seq()).isEqualTo(1);
    }

    @Test
    void aBucketStoredUnderALargerLimitIsRestoredWholeAndThenAnswersFull() {
        // given
        List<Reading> stored = new ArrayList<>();
        for (long time = 0; time < 10; time++) {
            stored.add(reading(time, "x", time));
        }
        BucketPolicy smaller = BucketPolicy.windowed(Duration.ofHours(1), 4);

        // when
        PackedBucket restored = PackedBucket.restore(SENSOR, 0, 0, smaller, stored);

        // then
        assertThat(restored.count()).isEqualTo(10);
        assertThat(restored.isFull()).isTrue();
        assertThat(restored.add(reading(100, "x", 1))).isEqualTo(PackedBucket.Outcome.FULL);
        assertThat(restored.add(reading(5, "x", 1))).isEqualTo(PackedBucket.Outcome.DUPLICATE);
    }

    @Test
    void restoringTwoReadingsAtOneMillisecondIsRefused() {
        // given
        List<Reading> stored = List.of(reading(10, "x", 1), reading(10, "x", 2));

        // when / then
        assertThatThrownBy(() -> PackedBucket.restore(SENSOR, 0, 3, HOURLY, stored))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stored bucket sensor-1@1970-01-01T00:00:00Z#3 holds two readings at 1970-01-01T00:00:00.010Z");
    }

    @Test
    void heapBytesGrowWithTheReadings() {
        // given
        PackedBucket bucket = emptyBucket(HOURLY);
        long empty = bucket.heapBytes();

        // when
        for (long time = 0; time < 100; time++) {
            bucket.add(reading(time, "x", 1, "status", "OK"));
        }

        // then
        assertThat(bucket.heapBytes()).isGreaterThan(empty + 100 * (8 + 8 + 4));
    }

    @Test
    void bucketOpenedLikeItsPredecessorKeepsItsFieldsAndAcceptsOthers() {
        // given: a full hour of two numeric fields and a text
        PackedBucket first = PackedBucket.open(SENSOR, 0, 0, HOURLY);
        for (int minute = 0; minute < 60; minute++) {
            first.add(Reading.of(SENSOR.value(), Instant.ofEpochMilli(minute * 60_000L),
                    Map.of("temperature", 20.0 + minute, "pressure", 1000.0, "status", "OK")));
        }

        // when: the next hour is opened like it and gets a reading with one of its fields and a new one
        PackedBucket next = PackedBucket.openLike(first, 3_600_000, 0, HOURLY);
        Reading reading = Reading.of(SENSOR.value(), Instant.ofEpochMilli(3_600_000), Map.of("pressure", 999.0, "humidity", 40));
        next.add(reading);

        // then: it has room for a quarter of an hour, holds exactly that reading, and summarises only what it holds
        assertThat(next.capacity()).isEqualTo(15);
        assertThat(next.isEmpty()).isFalse();
        assertThat(next.readings()).containsExactly(reading);
        assertThat(next.summaries()).containsOnlyKeys("pressure", "humidity");
        assertThat(next.series()).isEqualTo(SENSOR);
    }

    @Test
    void aBucketOpenedLikeItsPredecessorGrowsByDoublingToExactlyItsPredecessorsCount() {
        // given: a full hour of readings, and the next hour opened like it
        PackedBucket first = PackedBucket.open(SENSOR, 0, 0, HOURLY);
        for (int minute = 0; minute < 60; minute++) {
            first.add(Reading.of(SENSOR.value(), Instant.ofEpochMilli(minute * 60_000L), Map.of("temperature", 20.0 + minute)));
        }
        PackedBucket next = PackedBucket.openLike(first, 3_600_000, 0, HOURLY);

        // when: the next hour gets as many readings
        List<Integer> capacities = new ArrayList<>();
        for (int minute = 0; minute < 60; minute++) {
            next.add(Reading.of(SENSOR.value(), Instant.ofEpochMilli(3_600_000 + minute * 60_000L), Map.of("temperature", 1.0 * minute)));
            capacities.add(next.capacity());
        }

        // then: 15, doubled twice, and no spare row at the end
        assertThat(capacities).containsExactlyElementsOf(capacities.stream().sorted().toList());
        assertThat(new TreeSet<>(capacities)).containsExactly(15, 30, 60);
        assertThat(next.count()).isEqualTo(60);
    }

    @Test
    void aSmallWindowAndAPageAreOpenedWithRoomForAllTheReadingsOfTheOneBefore() {
        BucketPolicy pages = BucketPolicy.paged(100);
        assertThat(PackedBucket.roomAfterOpen(60, HOURLY)).isEqualTo(15);
        assertThat(PackedBucket.roomAfterOpen(32, HOURLY)).isEqualTo(8);
        assertThat(PackedBucket.roomAfterOpen(31, HOURLY)).as("a quarter would grow past it, to 16").isEqualTo(31);
        assertThat(PackedBucket.roomAfterOpen(1, HOURLY)).isEqualTo(1);
        assertThat(PackedBucket.roomAfterOpen(100, pages)).as("a page follows a full one").isEqualTo(100);
    }

    private static List<Long> times(PackedBucket bucket) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < bucket.count(); i++) {
            times.add(bucket.timeAt(i));
        }
        return times;
    }

    private static PackedBucket emptyBucket(BucketPolicy policy) {
        return PackedBucket.open(TestReadings.SENSOR, 0, 0, policy);
    }
}
