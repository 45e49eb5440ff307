package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every accepted way of writing a time arrives as the same millisecond. */
class TimeInputTest {

    /** 2030-07-21T23:00:10.123Z: an hour before the test clock. */
    private static final Instant EXPECTED = Instant.parse("2030-07-21T23:00:10.123Z");
    private static final long MILLIS = EXPECTED.toEpochMilli();

    static Stream<Arguments> times() {
        return Stream.of(
                arguments("ISO-8601 UTC", "2030-07-21T23:00:10.123Z"),
                arguments("ISO-8601 with nanoseconds, truncated", "2030-07-21T23:00:10.123999999Z"),
                arguments("ISO-8601 with an offset", "2030-07-22T01:00:10.123456+02:00"),
                arguments("ISO-8601 with surrounding blanks", " 2030-07-21T23:00:10.123Z "),
                arguments("an Instant with nanoseconds, truncated", EXPECTED.plusNanos(999_999)),
                arguments("epoch millis as a long", MILLIS),
                arguments("epoch millis as text", Long.toString(MILLIS)),
                arguments("epoch millis as a BigInteger", BigInteger.valueOf(MILLIS)),
                arguments("epoch millis as a BigDecimal", new BigDecimal(MILLIS + ".000")),
                arguments("epoch millis as an integral double", (double) MILLIS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("times")
    void timeIsReadAsTheSameMillisecond(String description, Object time) {
        // given
        ServiceFixture fixture = new ServiceFixture();
        SeriesId series = Fixtures.freshSeries("time");

        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), time, Map.of("v", 1))));

        // then
        assertThat(report.rejected()).isEmpty();
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(Reading::time).containsExactly(EXPECTED);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("times")
    void everyWayOfWritingTheSameMillisecondIsOneIdentity(String description, Object time) {
        // given: the millisecond stored once
        ServiceFixture fixture = new ServiceFixture();
        SeriesId series = Fixtures.freshSeries("time");
        fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), EXPECTED, Map.of("v", 1))));

        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), time, Map.of("v", 2))));

        // then
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(fixture.use.read().read(series, null, null, 10)).hasSize(1);
    }

    @Test
    void timeBeforeTheEpochIsExpiredAndOneBeyondALongIsInvalid() {
        // given
        ServiceFixture fixture = new ServiceFixture();

        // when: a time before the epoch (long expired), more milliseconds than a long holds, and a valid one
        IngestReport report = fixture.use.ingest().ingest(List.of(
                new ReadingInput("s", "-1", Map.of("v", 1)),
                new ReadingInput("s", "99999999999999999999", Map.of("v", 1)),
                new ReadingInput("s", MILLIS, Map.of("v", 1))));

        // then
        assertThat(report.rejected()).extracting(r -> r.index() + " " + r.reason())
                .containsExactly("0 EXPIRED", "1 INVALID_TIME");
        assertThat(report.accepted()).isEqualTo(1);
    }

    @Test
    void aReadingsTimeIsTruncatedToTheMillisecondWhileARangeBoundKeepsItsFraction() {
        // given
        Instant fine = EXPECTED.plusNanos(999_999);

        // then
        assertThat(TimeInput.parse(fine)).isEqualTo(EXPECTED);
        assertThat(TimeInput.parseBound(fine)).isEqualTo(fine);
        assertThat(TimeInput.parseBound("2030-07-21T23:00:10.123999999Z")).isEqualTo(EXPECTED.plusNanos(999_999));
    }

    @Test
    void theSmallestAndLargestLongAreEpochMillisecondsAndOneBeyondEitherIsOutOfRange() {
        BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);

        assertThat(TimeInput.parse(min)).isEqualTo(Instant.ofEpochMilli(Long.MIN_VALUE));
        assertThat(TimeInput.parse(max)).isEqualTo(Instant.ofEpochMilli(Long.MAX_VALUE));
        assertThatThrownBy(() -> TimeInput.parse(min.subtract(BigInteger.ONE)))
                .isInstanceOf(InvalidReadingException.class).hasMessageContaining("out of the range of epoch milliseconds");
        assertThatThrownBy(() -> TimeInput.parse(max.add(BigInteger.ONE)))
                .isInstanceOf(InvalidReadingException.class).hasMessageContaining("out of the range of epoch milliseconds");
    }

    @Test
    void aLoneMinusSignIsNeitherANumberNorISO8601() {
        assertThatThrownBy(() -> TimeInput.parse("-"))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessage("time '-' is neither ISO-8601 with a zone offset (2026-07-21T23:00:10Z) nor epoch milliseconds");
    }
}
