package io.bucketry.tools.baseline;

import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoLane;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The seeds' one-document-per-reading schema, which simulate and check measure the buckets against. */
class BaselineTest {

    private static final Instant BASE = Instant.parse("2026-01-05T10:00:00Z");
    private static final AtomicInteger SERIES = new AtomicInteger();

    @Test
    void oneDocumentPerReadingCostsMoreBytesPerReadingThanBuckets() {
        // given: the same seed-sensor readings for buckets and for the baseline
        MongoBucketSettings settings = MongoLane.freshSettings();
        List<Reading> readings = new ArrayList<>();
        for (int s = 0; s < 5; s++) {
            SeriesId series = new SeriesId("baseline-" + SERIES.incrementAndGet());
            for (int m = 0; m < 60; m++) {
                readings.add(sensor(series, minute(m), 20 + m / 7.0));
            }
        }
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(),
                io.bucketry.domain.RetentionPolicy.defaults());
             OneDocumentPerReadingBaseline baseline = OneDocumentPerReadingBaseline.open(settings)) {

            // when
            store.store(readings);
            baseline.write(readings.subList(0, 150));
            baseline.write(readings.subList(150, 300));

            // then
            double bucketBytesPerReading = store.statistics().avgBucketBytes() / 60;
            assertThat(baseline.collection()).isEqualTo(settings.collection() + "_baseline");
            assertThat(baseline.documents()).isEqualTo(300);
            assertThat(baseline.writeCommands()).isEqualTo(2);
            assertThat(baseline.secondsWriting()).isPositive();
            assertThat(baseline.bytesPerReading()).isGreaterThan(bucketBytesPerReading);
            System.out.printf("[bucketry] bytes per reading: buckets %.1f, one document per reading %.1f%n",
                    bucketBytesPerReading, baseline.bytesPerReading());
        }
    }

    @Test
    void openingTheBaselineAgainStartsEmpty() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (OneDocumentPerReadingBaseline first = OneDocumentPerReadingBaseline.open(settings)) {
            first.write(List.of(sensor(new SeriesId("baseline-" + SERIES.incrementAndGet()), minute(1), 20)));
        }

        // when / then
        try (OneDocumentPerReadingBaseline second = OneDocumentPerReadingBaseline.open(settings)) {
            assertThat(second.documents()).isZero();
        }
    }

    private static Instant minute(long minutes) {
        return BASE.plus(Duration.ofMinutes(minutes));
    }

    private static Reading sensor(SeriesId series, Instant time, double temperature) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("temperature", temperature);
        fields.put("status", "OK");
        return Reading.of(series.value(), time, fields);
    }
}
