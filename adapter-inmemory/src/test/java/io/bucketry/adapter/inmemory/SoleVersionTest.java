package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A series written with one meta records no reading's meta ({@link SeriesBuckets#soleMeta}); the first
 * reading with another still splits the series at the right time: after its latest reading, what follows;
 * a late one, only its millisecond.
 */
class SoleVersionTest {

    private static final Instant BASE = Instant.parse("2026-07-21T00:00:00Z");
    private static final SeriesId SENSOR = SeriesId.of("sensor");
    private static final SeriesMeta SEVEN = SeriesMeta.of(Tags.of("building", "7"));
    private static final SeriesMeta EIGHT = SeriesMeta.of(Tags.of("building", "8"));

    private static Reading reading(long minute, SeriesMeta meta) {
        return new Reading(SENSOR, BASE.plus(Duration.ofMinutes(minute)), Fields.of(Map.of("v", (double) minute)), meta);
    }

    private static List<Long> minutesIn(InMemoryReadingStore store, String building) {
        List<Long> minutes = new ArrayList<>();
        TagFilter filter = TagFilter.of(TagFilter.Condition.oneOf("building", building));
        for (Reading reading : store.read(SENSOR, filter, TimeRange.of(BASE, BASE.plus(Duration.ofDays(1))), 1000)) {
            minutes.add(Duration.ofMillis(reading.epochMilli() - BASE.toEpochMilli()).toMinutes());
        }
        return minutes;
    }

    @Test
    void aLateReadingWithAnotherMetaTakesOnlyItsOwnMillisecondAfterManyOfTheSoleMeta() {
        // given 90 minutes of building 7 over two hourly buckets
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        for (long minute = 0; minute < 90; minute++) {
            store.store(List.of(reading(minute, SEVEN)));
        }

        // when a late reading of building 8 arrives, then more of building 7
        store.store(List.of(reading(120, SEVEN)));
        store.store(List.of(reading(100, EIGHT)));
        store.store(List.of(reading(121, SEVEN)));

        // then
        assertThat(minutesIn(store, "8")).containsExactly(100L);
        assertThat(minutesIn(store, "7")).hasSize(92).doesNotContain(100L).contains(0L, 89L, 120L, 121L);
    }

    @Test
    void aReadingAfterEveryOtherWithAnotherMetaStartsTheNewVersionForWhatFollows() {
        // given building 7 up to minute 59, sent as objects equal to but not the same as the first
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        for (long minute = 0; minute < 60; minute++) {
            store.store(List.of(reading(minute, SeriesMeta.of(Tags.of("building", "7")))));
        }

        // when the sensor moves at minute 60, and a late reading of minute 65 comes after minute 70
        for (long minute = 60; minute < 71; minute++) {
            if (minute != 65) {
                store.store(List.of(reading(minute, EIGHT)));
            }
        }
        store.store(List.of(reading(65, EIGHT)));

        // then
        assertThat(minutesIn(store, "7")).hasSize(60).last().isEqualTo(59L);
        assertThat(minutesIn(store, "8")).hasSize(11).first().isEqualTo(60L);
        assertThat(store.latestMeta(List.of(SENSOR))).containsEntry(SENSOR, EIGHT);
    }
}
