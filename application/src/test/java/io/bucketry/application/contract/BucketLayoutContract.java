package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: buckets are bounded by count and bytes; a full bucket never grows and nothing visible depends on it. */
public interface BucketLayoutContract extends ContractSupport {

    @Test
    default void fullBucketRollsOverToTheNextSequence() {
        // given
        ReadingStore store = store(BucketPolicy.windowed(Duration.ofHours(1), 3));
        assumeCapability(store, Capability.POLICY_BUCKETS);
        UseCases use = useCases(store);
        SeriesId series = freshSeries("lay");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            readings.add(value(series, at(minutes(5L * i)), i));
        }

        // when: ten readings of one window, in time order
        ingest(use, readings);

        // then: four buckets of at most three, and all ten readable
        StorageStatistics statistics = use.describe().describe();
        assertThat(statistics.buckets()).isEqualTo(4);
        assertThat(statistics.maxReadingsPerBucket()).isEqualTo(3);
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings);
    }

    @Test
    default void lateReadingForAFullWindowIsStillReadInTimeOrder() {
        // given: a full bucket
        ReadingStore store = store(BucketPolicy.windowed(Duration.ofHours(1), 3));
        UseCases use = useCases(store);
        SeriesId series = freshSeries("lay");
        List<Reading> full = List.of(value(series, at(minutes(10)), 1), value(series, at(minutes(20)), 2),
                value(series, at(minutes(30)), 3));
        ingest(use, full);

        // when: a reading older than all of them
        Reading late = value(series, at(minutes(5)), 0);
        ingest(use, List.of(late));

        // then
        assertThat(readAll(use, series)).containsExactly(late, full.get(0), full.get(1), full.get(2));
        assertThat(use.latest().latest(series)).contains(full.get(2));
    }

    @Test
    default void lateReadingForAFullWindowGoesToAnotherBucketAndTheFullOneDoesNotGrow() {
        // given: a full bucket, in a store that lays buckets out as its policy says
        ReadingStore store = store(BucketPolicy.windowed(Duration.ofHours(1), 3));
        assumeCapability(store, Capability.POLICY_BUCKETS);
        UseCases use = useCases(store);
        SeriesId series = freshSeries("lay");
        ingest(use, List.of(value(series, at(minutes(10)), 1), value(series, at(minutes(20)), 2),
                value(series, at(minutes(30)), 3)));

        // when: a reading older than all of them
        ingest(use, List.of(value(series, at(minutes(5)), 0)));

        // then
        StorageStatistics statistics = use.describe().describe();
        assertThat(statistics.maxReadingsPerBucket()).isLessThanOrEqualTo(3);
        assertThat(statistics.buckets()).isGreaterThanOrEqualTo(2);
    }

    @Test
    default void queryAnswersDoNotDependOnMaxCount() {
        // given: the same random batches (late readings and duplicates included) in two stores
        List<SeriesId> series = threeSeries();
        List<List<Reading>> batches = randomBatches(series);
        UseCases small = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 3)));
        UseCases large = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 1000)));

        // when
        List<Reading> ingested = new ArrayList<>();
        for (List<Reading> batch : batches) {
            assertThat(ingest(small, batch)).isEqualTo(ingest(large, batch));
            ingested.addAll(batch);
        }

        // then: every query answers the same, and the same as the brute force
        Map<String, Object> smallAnswers = answers(small, series);
        Map<String, Object> largeAnswers = answers(large, series);
        assertThat(smallAnswers.keySet()).containsExactlyElementsOf(largeAnswers.keySet());
        smallAnswers.forEach((query, answer) -> assertThat(answer).as(query).isEqualTo(largeAnswers.get(query)));
        List<Reading> kept = BruteForce.firstWins(ingested);
        for (SeriesId id : series) {
            assertThat(readAll(small, id)).isEqualTo(BruteForce.range(kept, id, Fixtures.BASE, Fixtures.NOW));
        }
        for (Duration window : List.of(Duration.ofSeconds(13), Duration.ofMinutes(7), Duration.ofHours(1))) {
            WindowAssertions.assertSameWindows(small.aggregateAll().aggregateAll(Fixtures.BASE, Fixtures.NOW, window),
                    large.aggregateAll().aggregateAll(Fixtures.BASE, Fixtures.NOW, window));
            WindowAssertions.assertSameWindows(small.aggregateAll().aggregateAll(Fixtures.BASE, Fixtures.NOW, window),
                    BruteForce.windows(kept, Fixtures.BASE, Fixtures.NOW, window));
        }

        // and: only the layout differs
        StorageStatistics smallStatistics = small.describe().describe();
        StorageStatistics largeStatistics = large.describe().describe();
        assertThat(smallStatistics.readings()).isEqualTo(largeStatistics.readings()).isEqualTo(kept.size());
    }

    @Test
    default void smallerMaxCountMakesMoreBucketsOfAtMostMaxCount() {
        // given: the same random batches in two stores that lay buckets out as their policies say
        ReadingStore smallStore = store(BucketPolicy.windowed(Duration.ofHours(1), 3));
        assumeCapability(smallStore, Capability.POLICY_BUCKETS);
        UseCases small = useCases(smallStore);
        UseCases large = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 1000)));

        // when
        for (List<Reading> batch : randomBatches(threeSeries())) {
            ingest(small, batch);
            ingest(large, batch);
        }

        // then
        StorageStatistics smallStatistics = small.describe().describe();
        StorageStatistics largeStatistics = large.describe().describe();
        assertThat(smallStatistics.buckets()).isGreaterThan(largeStatistics.buckets());
        assertThat(smallStatistics.maxReadingsPerBucket()).isLessThanOrEqualTo(3);
    }

    private static List<SeriesId> threeSeries() {
        String prefix = Fixtures.freshPrefix("lay");
        return List.of(new SeriesId(prefix + "a"), new SeriesId(prefix + "b"), new SeriesId(prefix + "a1"));
    }

    /** 400 readings of {@code series} in batches of 40, with late readings and a tenth of duplicates; always the same. */
    private static List<List<Reading>> randomBatches(List<SeriesId> series) {
        RandomReadings random = new RandomReadings(20260722);
        return random.batchesWithDuplicates(random.distinct(series, 400), 40, 0.1);
    }

    /** Answers of the reading queries whose results compare exactly, keyed by a description of the query. */
    private static Map<String, Object> answers(UseCases use, List<SeriesId> series) {
        Map<String, Object> answers = new LinkedHashMap<>();
        for (SeriesId id : series) {
            answers.put(id + " all", readAll(use, id));
            answers.put(id + " latest", use.latest().latest(id));
            for (int hour = 0; hour < 24; hour += 5) {
                answers.put(id + " from hour " + hour, use.read().read(id, at(Duration.ofHours(hour)).plusMillis(hour),
                        at(Duration.ofHours(hour + 7)), 9));
            }
            for (int size : new int[] {1, 7, 50}) {
                for (long page : new long[] {1, 2, 3, 20, 21, 60, 1000}) {
                    answers.put(id + " page " + page + " of " + size, use.page().page(id, page, size));
                }
            }
        }
        return answers;
    }

    @Test
    default void longTextsAreAllReadBackUnderAByteCeiling() {
        // given: a 64 KiB byte ceiling
        UseCases use = useCases(store(byteLimitedPolicy()));
        SeriesId series = freshSeries("lay");
        List<Reading> readings = longTexts(series);

        // when: twenty readings of about 12 KiB, in one window
        ingest(use, readings);

        // then
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings);
    }

    @Test
    default void longTextsRollOverBeforeMaxCount() {
        // given: a 64 KiB byte ceiling, in a store that lays buckets out as its policy says
        ReadingStore store = store(byteLimitedPolicy());
        assumeCapability(store, Capability.POLICY_BUCKETS);
        UseCases use = useCases(store);

        // when: twenty readings of about 12 KiB, in one window
        ingest(use, longTexts(freshSeries("lay")));

        // then: no bucket holds more than five (5 x 12 KiB fits, 6 does not)
        StorageStatistics statistics = use.describe().describe();
        assertThat(statistics.maxReadingsPerBucket()).isLessThanOrEqualTo(5);
        assertThat(statistics.buckets()).isGreaterThanOrEqualTo(4);
    }

    /** One-hour windows of up to 1000 readings and the smallest byte ceiling, 64 KiB. */
    private static BucketPolicy byteLimitedPolicy() {
        return new BucketPolicy.Windowed(Duration.ofHours(1), 1000, BucketPolicy.MIN_BYTES);
    }

    /** Twenty readings a minute apart, each of 16 texts of 256 three-byte characters (about 12 KiB). */
    private static List<Reading> longTexts(SeriesId series) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int f = 0; f < 16; f++) {
                fields.put("text" + f, "€".repeat(255) + (char) ('A' + i));
            }
            readings.add(Reading.of(series.value(), at(minutes(i)), fields));
        }
        return readings;
    }
}
