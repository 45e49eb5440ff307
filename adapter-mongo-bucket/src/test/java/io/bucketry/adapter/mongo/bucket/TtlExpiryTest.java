package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TtlExpiryTest {

    @Test
    void serversTtlMonitorRemovesBucketsPastRetentionWidthAndGrace() throws InterruptedException {
        MongoLane.assumeRealServer("the embedded mongo-java-server never expires TTL indexes; "
                + "a real server's TTL monitor (every 60 s) is checked in the real lanes");
        // given: retention 1 s, width 1 s, no grace: buckets expire 2 s after their start
        RetentionPolicy retention = new RetentionPolicy(Duration.ofSeconds(1), Duration.ZERO, Duration.ofHours(1));
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(),
                BucketPolicy.windowed(Duration.ofSeconds(1), 10), retention)) {
            SeriesId series = TestData.freshSeries("ttl");
            Instant old = Instant.now().minus(Duration.ofMinutes(5)).truncatedTo(ChronoUnit.SECONDS);
            store.store(List.of(TestData.value(series, old, 1)));

            // when: the TTL monitor runs (every 60 seconds by default)
            long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
            while (store.statistics().buckets() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(2000);
            }

            // then
            assertThat(store.statistics().buckets()).isZero();
        }
    }
}
