package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.bucketry.domain.TestReadings.map;
import static io.bucketry.domain.TestReadings.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

class ReadingTest {

    @Test
    void aReadingBuiltFromLooseValuesHasItsSeriesTimeAndFields() {
        // given
        Instant time = Instant.parse("2026-07-21T23:00:10Z");

        // when
        Reading reading = Reading.of("sensor-1", time, map("temperature", 22.4, "status", "OK"));

        // then
        assertThat(reading.series()).isEqualTo(SeriesId.of("sensor-1"));
        assertThat(reading.time()).isEqualTo(time);
        assertThat(reading.epochMilli()).isEqualTo(time.toEpochMilli());
        assertThat(reading.fields()).isEqualTo(Map.of("temperature", FieldValue.of(22.4), "status", FieldValue.of("OK")));
    }

    @Test
    void aTimeFinerThanAMillisecondIsTruncatedTowardThePast() {
        // given
        Instant time = Instant.parse("2026-07-21T23:00:10.123999999Z");

        // when
        Reading reading = Reading.of("s", time, map("x", 1));

        // then
        assertThat(reading.time()).isEqualTo(Instant.parse("2026-07-21T23:00:10.123Z"));
    }

    @Test
    void aNegativeEpochTimeIsTruncatedTowardThePastNotTowardZero() {
        // given: 1 ns before the epoch, and 500.5 ms before it
        Instant justBeforeEpoch = Instant.ofEpochSecond(0, -1);
        Instant midMillisecond = Instant.ofEpochSecond(-1, 499_500_000);

        // when
        Instant first = Reading.of("s", justBeforeEpoch, map("x", 1)).time();
        Instant second = Reading.of("s", midMillisecond, map("x", 1)).time();

        // then
        assertThat(first).isEqualTo(Instant.ofEpochMilli(-1));
        assertThat(second.toEpochMilli()).isEqualTo(-501);
        assertThat(Reading.truncate(Instant.ofEpochMilli(-1))).isEqualTo(Instant.ofEpochMilli(-1));
    }

    @Test
    void aWholeMillisecondIsKeptAsItIs() {
        Instant time = Instant.ofEpochMilli(1_753_138_810_123L);
        assertThat(Reading.truncate(time)).isSameAs(time);
    }

    @Test
    void aMissingTimeIsRefusedAsInvalidTime() {
        assertThatThrownBy(() -> Reading.of("s", null, map("x", 1)))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessage("time is missing")
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_TIME);
    }

    @Test
    void aTimeOutsideEpochMillisecondsIsRefusedAsInvalidTime() {
        assertThatThrownBy(() -> Reading.truncate(Instant.MAX))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("outside the range of epoch milliseconds")
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_TIME);
        assertThat(Reading.truncate(Instant.ofEpochMilli(Long.MIN_VALUE)).toEpochMilli()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void missingFieldsAreRefusedAsNoFields() {
        assertThatThrownBy(() -> new Reading(SeriesId.of("s"), Instant.EPOCH, null))
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.NO_FIELDS);
    }

    @Test
    void anInvalidSeriesIsRefusedBeforeAnythingElse() {
        assertThatThrownBy(() -> Reading.of("bad id", null, Map.of()))
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_SERIES);
    }

    @Test
    void identityIsSeriesAndMillisecondRegardlessOfFields() {
        // given
        Reading first = reading(1000, "x", 1);
        Reading sameMillisecondOtherValue = new Reading(TestReadings.SENSOR,
                Instant.ofEpochMilli(1000).plusNanos(999_999), Fields.of(map("x", 2)));
        Reading nextMillisecond = reading(1001, "x", 1);
        Reading otherSeries = reading(SeriesId.of("sensor-2"), 1000, "x", 1);

        // when / then
        assertThat(first.sameIdentityAs(sameMillisecondOtherValue)).isTrue();
        assertThat(first).isNotEqualTo(sameMillisecondOtherValue);
        assertThat(first.sameIdentityAs(nextMillisecond)).isFalse();
        assertThat(first.sameIdentityAs(otherSeries)).isFalse();
    }

    @Test
    void readingsWithEqualPartsAreEqual() {
        assertThat(reading(5, "a", 1, "s", "x")).isEqualTo(reading(5, "a", 1.0, "s", "x"))
                .hasSameHashCodeAs(reading(5, "a", 1.0, "s", "x"));
    }

    @Test
    void aReadingBuiltWithItsMetaEqualsTheSameReadingGivenTheMetaAfterwards() {
        // given
        SeriesMeta meta = new SeriesMeta("cpu", Tags.of("building", "7"));
        Instant time = Instant.ofEpochMilli(1000).plusNanos(500_000);

        // when
        Reading built = new Reading(TestReadings.SENSOR, time, Fields.of(map("x", 1)), meta);

        // then: the time truncated, the meta kept
        assertThat(built).isEqualTo(new Reading(TestReadings.SENSOR, time, Fields.of(map("x", 1))).withMeta(meta));
        assertThat(built.meta()).isSameAs(meta);
        assertThat(built.epochMilli()).isEqualTo(1000);
        assertThatThrownBy(() -> new Reading(null, time, Fields.of(map("x", 1)), meta))
                .isInstanceOf(NullPointerException.class).hasMessage("series");
    }

    @Test
    void aMetaIsNoneWithoutMeasurementAndTagsWhicheverObjectItIs() {
        assertThat(SeriesMeta.NONE.isNone()).isTrue();
        assertThat(new SeriesMeta(null, Tags.of(Map.of())).isNone()).isTrue();
        assertThat(new SeriesMeta("cpu", Tags.NONE).isNone()).isFalse();
        assertThat(SeriesMeta.of(Tags.of("building", "7")).isNone()).isFalse();
    }
}
