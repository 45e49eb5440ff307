package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trade-off of the computed pattern measured in this run's lane, printed: what the alerting
 * query (5-minute windows of every sensor over the last 10 minutes) returns per sensor, what one
 * write statement weighs, and what a full bucket stores, each with and without 5-minute sub-windows,
 * for seed 002's sensors (temperature, pressure, status; one reading a minute, hourly buckets).
 */
class SubWindowCostTest {

    private static final int SENSORS = 50;
    private static final int MINUTES = 120;
    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Instant END = TestData.BASE.plus(Duration.ofMinutes(MINUTES));

    @Test
    void subWindowsCutWhatTheAlertingQueryReturnsAndTheCostIsMeasured() {
        try (MongoBucketReadingStore plain = TestData.store(BucketPolicy.defaults());
             MongoBucketReadingStore subs = TestData.store(SubWindowDocs.HOURLY_5M)) {
            // given: the same readings in both, one batch a minute of one reading per sensor
            String prefix = TestData.freshSeries("cost").value();
            Figures without = ingest(plain, prefix);
            Figures with = ingest(subs, prefix);

            // when: the alerting query on sub-window boundaries, and 90 s before one (both edges cut a sub-window)
            Instant aligned = END;
            Instant unaligned = END.minusSeconds(90);
            alerting(plain, aligned, without, 0);
            alerting(subs, aligned, with, 0);
            alerting(plain, unaligned, without, 1);
            alerting(subs, unaligned, with, 1);

            // then: the same answers; with sub-windows no reading leaves the server on boundaries
            assertSameWindows(with.windows, without.windows);
            assertThat(with.readings[0]).as("readings returned with sub-windows, aligned").isZero();
            assertThat(without.readings[0]).as("readings returned without").isEqualTo(10L * SENSORS);
            assertThat(with.bytes[0]).isLessThan(without.bytes[0]);
            assertThat(with.readings[1]).as("readings returned with sub-windows, edges cut").isEqualTo(SENSORS * inCutParts(unaligned));
            print(without, with);
        }
    }

    /** Minutes of the data in the parts of [now - 10 min, now + 1 ms) that cut a 5-minute sub-window. */
    private static long inCutParts(Instant now) {
        long from = now.minus(Duration.ofMinutes(10)).toEpochMilli();
        long to = now.plusMillis(1).toEpochMilli();
        long five = FIVE.toMillis();
        long firstBoundary = Math.floorDiv(from + five - 1, five) * five;
        long lastBoundary = Math.floorDiv(to, five) * five;
        long count = 0;
        for (int minute = 0; minute < MINUTES; minute++) {
            long time = TestData.minute(minute).toEpochMilli();
            if ((time >= from && time < firstBoundary) || (time >= lastBoundary && time < to)) {
                count++;
            }
        }
        return count;
    }

    private static final class Figures {
        final long[] bytes = new long[2];
        final long[] readings = new long[2];
        long statements;
        long statementBytes;
        double bucketBytes;
        List<WindowAggregate> windows = new ArrayList<>();
    }

    private static Figures ingest(MongoBucketReadingStore store, String prefix) {
        WireTap tap = WireTap.on(store);
        for (int minute = 0; minute < MINUTES; minute++) {
            List<Reading> batch = new ArrayList<>(SENSORS);
            for (int s = 0; s < SENSORS; s++) {
                batch.add(TestData.sensor(new SeriesId(prefix + "-" + s), TestData.minute(minute), 20 + (s * 7 + minute) % 50 * 0.1));
            }
            store.store(batch);
        }
        Figures figures = new Figures();
        figures.statements = tap.statements;
        figures.statementBytes = tap.statementBytes;
        // the first hour's buckets are full: 60 readings each
        figures.bucketBytes = store.collection().withDocumentClass(RawBsonDocument.class)
                .find(Filters.eq("start", java.util.Date.from(TestData.BASE))).into(new ArrayList<>()).stream()
                .mapToInt(document -> document.getByteBuffer().remaining()).average().orElseThrow();
        return figures;
    }

    private static void alerting(MongoBucketReadingStore store, Instant now, Figures figures, int slot) {
        WireTap tap = WireTap.on(store);
        List<WindowAggregate> windows = store.aggregateAll(TimeRange.of(now.minus(Duration.ofMinutes(10)), now.plusMillis(1)),
                FIVE, Integer.MAX_VALUE);
        figures.bytes[slot] = tap.returnedBytes;
        figures.readings[slot] = tap.returnedReadings;
        if (slot == 0) {
            figures.windows = windows;
        }
        assertThat(windows.stream().map(WindowAggregate::series).distinct().count()).isEqualTo(SENSORS);
    }

    private static void print(Figures without, Figures with) {
        System.out.printf("[bucketry] sub-window cost (%s lane, %d sensors, 1 reading/min, %d min, 1h buckets, sub-window 5m)%n",
                MongoLane.current().name().toLowerCase(java.util.Locale.ROOT), SENSORS, MINUTES);
        System.out.printf("[bucketry]   alerting, last 10 min on boundaries: returned %.0f -> %.0f bytes/sensor, readings %d -> %d%n",
                without.bytes[0] / (double) SENSORS, with.bytes[0] / (double) SENSORS, without.readings[0], with.readings[0]);
        System.out.printf("[bucketry]   alerting, last 10 min 90 s off:      returned %.0f -> %.0f bytes/sensor, readings %d -> %d%n",
                without.bytes[1] / (double) SENSORS, with.bytes[1] / (double) SENSORS, without.readings[1], with.readings[1]);
        System.out.printf("[bucketry]   write statement (1 reading): %.0f -> %.0f bytes; full bucket (60 readings): %.0f -> %.0f bytes"
                        + " (%.1f -> %.1f bytes/reading)%n",
                without.statementBytes / (double) without.statements, with.statementBytes / (double) with.statements,
                without.bucketBytes, with.bucketBytes, without.bucketBytes / 60, with.bucketBytes / 60);
    }
}
