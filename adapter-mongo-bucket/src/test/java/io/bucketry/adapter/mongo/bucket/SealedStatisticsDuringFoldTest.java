package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statistics of the sealed layout while a window is folded (issue 36 item 6c): between the fold's
 * replace of the last row document by the sealed one and the stubbing of the others, a reading is
 * in two documents of the window; the statistics count it once at every instant.
 */
class SealedStatisticsDuringFoldTest {

    /** Three readings per row document: ten readings make a window of four documents to fold. */
    private static final BucketPolicy.Windowed POLICY = BucketPolicy.windowed(Duration.ofHours(1), 3);

    @Test
    void statisticsCountEachReadingOnceAfterEveryStepOfAFold() {
        MutableClock clock = new MutableClock(BASE.plus(Duration.ofHours(2)));
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings()
                .withLayout(DocumentLayout.SEALED, Duration.ZERO), POLICY, RetentionPolicy.defaults(), clock, false)) {
            // given: ten readings of one ended window in four row documents, and another series already sealed
            SeriesId series = freshSeries("fold");
            store.store(every(series, BASE, Duration.ofMinutes(5), 10));
            Map<WindowSealer.Step, StorageStatistics> seen = new LinkedHashMap<>();
            store.sealer().hook((step, s, start) -> seen.put(step, store.statistics()));

            // when: the fold runs, statistics asked after each of its steps
            store.seal();

            // then
            assertThat(seen).containsKeys(WindowSealer.Step.REPLACED, WindowSealer.Step.STUBBED);
            seen.forEach((step, statistics) -> {
                assertThat(statistics.readings()).as("readings after %s", step).isEqualTo(10);
                assertThat(statistics.series()).as("series after %s", step).isEqualTo(1);
            });
            assertThat(seen.get(WindowSealer.Step.REPLACED).buckets()).as("buckets once the sealed document holds all")
                    .isEqualTo(1);
            assertThat(store.statistics().readings()).isEqualTo(10);
        }
    }

    @Test
    void aReadingStoredAfterItsWindowWasSealedCountsBesideTheSealedDocumentAndAfterItsFold() {
        MutableClock clock = new MutableClock(BASE.plus(Duration.ofHours(2)));
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings()
                .withLayout(DocumentLayout.SEALED, Duration.ZERO), POLICY, RetentionPolicy.defaults(), clock, false)) {
            // given: a window sealed in place with two readings
            SeriesId series = freshSeries("late");
            store.store(every(series, BASE, Duration.ofMinutes(5), 2));
            store.seal();

            // when: a late reading of that window is stored (a delta beside the sealed document)
            store.store(java.util.List.of(value(series, BASE.plus(Duration.ofMinutes(30)), 30)));

            // then: three readings in two documents, and three in one once folded
            assertThat(store.statistics().readings()).isEqualTo(3);
            assertThat(store.statistics().buckets()).isEqualTo(2);
            store.seal();
            assertThat(store.statistics().readings()).isEqualTo(3);
            assertThat(store.statistics().buckets()).isEqualTo(1);
        }
    }
}
