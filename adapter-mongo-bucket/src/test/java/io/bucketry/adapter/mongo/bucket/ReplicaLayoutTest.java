package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static io.bucketry.adapter.mongo.bucket.TestData.BASE;
import static io.bucketry.adapter.mongo.bucket.TestData.freshSeries;
import static io.bucketry.adapter.mongo.bucket.TestData.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two processes on one collection (issue 36 item 5): A started with bucketMaxCount 100, then B with 50, which
 * is a safe change and rewrites the layout record. A, still running with 100, must not write with it: a bucket
 * full for B would take B's readings again. Each store has its own MongoClient, as two processes would.
 */
class ReplicaLayoutTest {

    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void aProcessWhoseCountCeilingWasLoweredByAnotherRefusesToStoreAndNothingIsStoredTwice() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore a = open(settings, 100); MongoBucketReadingStore b = open(settings, 50)) {
            // given: t0..t79 posted to B (buckets of 50 and 30)
            SeriesId series = freshSeries("replica");
            List<Reading> all = readings(series, 0, 80);
            assertThat(b.store(all).accepted()).isEqualTo(80);

            // when: t50..t79 posted to A, whose record was changed under it
            // then: refused with what to do, and nothing of it stored
            assertThatThrownBy(() -> a.store(readings(series, 50, 80)))
                    .isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("bucket max count (bucketMaxCount): stored 50, configured 100")
                    .hasMessageContaining("another process")
                    .hasMessageContaining("Restart this process with the recorded value");
            assertThat(b.statistics().readings()).isEqualTo(80);
            List<WindowAggregate> hour = b.aggregate(series, new TimeRange(BASE, BASE.plus(HOUR)), HOUR);
            assertThat(hour).singleElement().satisfies(window -> {
                assertThat(window.count()).isEqualTo(80);
                assertThat(window.fields().get("value").sum()).isEqualTo(3_160.0);
            });
            assertThat(b.read(series, new TimeRange(BASE, BASE.plus(HOUR)), 1_000)).containsExactlyElementsOf(all);
        }
    }

    @Test
    void aProcessRestartedWithTheRecordedCeilingStoresAgainAndFindsTheDuplicates() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = freshSeries("replica");
        try (MongoBucketReadingStore a = open(settings, 100); MongoBucketReadingStore b = open(settings, 50)) {
            // given: A refused after B lowered the ceiling
            b.store(readings(series, 0, 80));
            assertThatThrownBy(() -> a.store(readings(series, 50, 80))).isInstanceOf(StoreUnavailableException.class);
        }

        // when: A restarts with B's ceiling
        try (MongoBucketReadingStore a = open(settings, 50)) {
            // then: the resent readings are duplicates
            assertThat(a.store(readings(series, 50, 80)).duplicates()).isEqualTo(30);
            assertThat(a.statistics().readings()).isEqualTo(80);
        }
    }

    @Test
    void aChangeThatMovesNoReadingLetsTheOtherProcessStoreOn() {
        MongoLane.assumeRealServer("a retention change updates the TTL index with collMod, which the embedded server lacks");
        MongoBucketSettings settings = MongoLane.freshSettings();
        RetentionPolicy longer = new RetentionPolicy(Duration.ofDays(120), RetentionPolicy.defaults().grace(),
                RetentionPolicy.defaults().futureTolerance());
        try (MongoBucketReadingStore a = open(settings, 100);
             MongoBucketReadingStore b = MongoBucketReadingStore.open(settings, BucketPolicy.windowed(HOUR, 100), longer)) {
            // given: B changed only the retention
            SeriesId series = freshSeries("replica");
            b.store(readings(series, 0, 40));

            // when / then: A stores on
            assertThat(a.store(readings(series, 30, 80)).accepted()).isEqualTo(40);
            assertThat(a.statistics().readings()).isEqualTo(80);
        }
    }

    private static MongoBucketReadingStore open(MongoBucketSettings settings, int maxCount) {
        return MongoBucketReadingStore.open(settings, BucketPolicy.windowed(HOUR, maxCount), RetentionPolicy.defaults());
    }

    /** t{from}..t{to - 1}: one reading every 30 seconds, value i, all in the first hour. */
    private static List<Reading> readings(SeriesId series, int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> value(series, BASE.plus(Duration.ofSeconds(30L * i)), i)).toList();
    }
}
