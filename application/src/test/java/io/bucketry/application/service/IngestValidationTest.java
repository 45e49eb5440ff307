package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.domain.RejectionReason.EXPIRED;
import static io.bucketry.domain.RejectionReason.FUTURE;
import static io.bucketry.domain.RejectionReason.INVALID_FIELD_NAME;
import static io.bucketry.domain.RejectionReason.INVALID_FIELD_VALUE;
import static io.bucketry.domain.RejectionReason.INVALID_SERIES;
import static io.bucketry.domain.RejectionReason.INVALID_TIME;
import static io.bucketry.domain.RejectionReason.NO_FIELDS;
import static io.bucketry.domain.RejectionReason.TOO_MANY_FIELDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Each way a reading can be invalid is reported with its reason code, index and a message; nothing else stops. */
class IngestValidationTest {

    private static final Instant TIME = NOW.minus(Duration.ofHours(1));
    private static final Map<String, Object> FIELDS = Map.of("temperature", 21.5);

    static Stream<Arguments> invalidReadings() {
        return Stream.of(
                arguments("series with a space", new ReadingInput("a b", TIME, FIELDS), INVALID_SERIES, "' '"),
                arguments("empty series", new ReadingInput("", TIME, FIELDS), INVALID_SERIES, "empty"),
                arguments("missing series", new ReadingInput(null, TIME, FIELDS), INVALID_SERIES, "missing"),
                arguments("series of 129 characters", new ReadingInput("s".repeat(129), TIME, FIELDS), INVALID_SERIES, "129"),
                arguments("series with a non-ASCII letter", new ReadingInput("zähler", TIME, FIELDS), INVALID_SERIES, "'ä'"),
                arguments("missing time", new ReadingInput("s", null, FIELDS), INVALID_TIME, "missing"),
                arguments("unparseable time", new ReadingInput("s", "yesterday", FIELDS), INVALID_TIME, "yesterday"),
                arguments("local time without offset", new ReadingInput("s", "2030-07-21T23:00:10", FIELDS), INVALID_TIME,
                        "offset"),
                arguments("time of another type", new ReadingInput("s", Boolean.TRUE, FIELDS), INVALID_TIME, "time is a boolean"),
                arguments("fractional epoch millis", new ReadingInput("s", 1.5, FIELDS), INVALID_TIME, "1.5"),
                arguments("expired time", new ReadingInput("s", NOW.minus(Duration.ofDays(90)).minusMillis(1), FIELDS),
                        EXPIRED, "older than the retention of 90d"),
                arguments("epoch seconds as a number", new ReadingInput("s", 1_784_674_800L, FIELDS), EXPIRED,
                        "; 1784674800 looks like epoch seconds; times in epoch form are milliseconds"),
                arguments("epoch seconds as text", new ReadingInput("s", "1784674800", FIELDS), EXPIRED,
                        "1784674800 looks like epoch seconds"),
                arguments("time beyond a 64-bit integer", new ReadingInput("s", new BigInteger("9223372036854775808"),
                        FIELDS), INVALID_TIME, "time 9223372036854775808 is a whole number out of the range of epoch"),
                arguments("time text beyond a 64-bit integer", new ReadingInput("s", "99999999999999999999", FIELDS),
                        INVALID_TIME, "is a whole number out of the range"),
                arguments("integer value a double cannot hold", new ReadingInput("s", TIME, Map.of("v",
                        9_007_199_254_740_993L)), INVALID_FIELD_VALUE, "an integer a double cannot hold exactly"),
                arguments("value too close to zero", new ReadingInput("s", TIME, Map.of("v", new BigDecimal("1e-400"))),
                        INVALID_FIELD_VALUE, "too close to zero"),
                arguments("lone surrogate", new ReadingInput("s", TIME, Map.of("v", "a\ud800")), INVALID_FIELD_VALUE,
                        "lone surrogate"),
                arguments("future time", new ReadingInput("s", NOW.plus(Duration.ofHours(1)).plusMillis(1), FIELDS),
                        FUTURE, "more than 1h ahead"),
                arguments("no fields", new ReadingInput("s", TIME, Map.of()), NO_FIELDS, "field"),
                arguments("missing fields", new ReadingInput("s", TIME, null), NO_FIELDS, "field"),
                arguments("65 fields", new ReadingInput("s", TIME, manyFields(65)), TOO_MANY_FIELDS, "65"),
                arguments("reserved field name t", new ReadingInput("s", TIME, Map.of("t", 1)), INVALID_FIELD_NAME,
                        "reserved"),
                arguments("field name starting with a digit", new ReadingInput("s", TIME, Map.of("1st", 1)),
                        INVALID_FIELD_NAME, "letter"),
                arguments("field name with a dash", new ReadingInput("s", TIME, Map.of("a-b", 1)), INVALID_FIELD_NAME,
                        "'-'"),
                arguments("field name of 65 characters", new ReadingInput("s", TIME, Map.of("f".repeat(65), 1)),
                        INVALID_FIELD_NAME, "65"),
                arguments("NaN", new ReadingInput("s", TIME, Map.of("v", Double.NaN)), INVALID_FIELD_VALUE, "NaN"),
                arguments("Infinity", new ReadingInput("s", TIME, Map.of("v", Double.POSITIVE_INFINITY)),
                        INVALID_FIELD_VALUE, "Infinity"),
                arguments("-Infinity", new ReadingInput("s", TIME, Map.of("v", Float.NEGATIVE_INFINITY)),
                        INVALID_FIELD_VALUE, "Infinity"),
                arguments("1e999 as BigDecimal", new ReadingInput("s", TIME, Map.of("v", new BigDecimal("1e999"))),
                        INVALID_FIELD_VALUE, "finite"),
                arguments("boolean", new ReadingInput("s", TIME, Map.of("v", true)), INVALID_FIELD_VALUE, "field 'v' is a boolean"),
                arguments("text of 257 characters", new ReadingInput("s", TIME, Map.of("v", "x".repeat(257))),
                        INVALID_FIELD_VALUE, "257"),
                arguments("null value", new ReadingInput("s", TIME, nullValue()), INVALID_FIELD_VALUE, "null"),
                arguments("list value", new ReadingInput("s", TIME, Map.of("v", List.of(1))), INVALID_FIELD_VALUE, "v"));
    }

    @ParameterizedTest(name = "{0} is rejected as {2}")
    @MethodSource("invalidReadings")
    void invalidReadingIsRejectedWithItsReasonIndexAndMessage(String description, ReadingInput invalid,
                                                              RejectionReason reason, String messagePart) {
        // given: the invalid reading between two valid ones
        ServiceFixture fixture = new ServiceFixture();
        SeriesId series = Fixtures.freshSeries("val");
        List<ReadingInput> batch = List.of(valid(series, TIME), invalid, valid(series, TIME.plusSeconds(1)));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.rejected()).hasSize(1);
        Rejection rejection = report.rejected().get(0);
        assertThat(rejection.index()).isEqualTo(1);
        assertThat(rejection.reason()).isEqualTo(reason);
        assertThat(rejection.message()).contains(messagePart);
        assertThat(rejection.series()).isEqualTo(invalid.series());
        assertThat(rejection.time()).isEqualTo(invalid.time() == null ? null : String.valueOf(invalid.time()));
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(fixture.use.read().read(series, null, null, 10)).hasSize(2);
    }

    static Stream<Arguments> boundaryReadings() {
        return Stream.of(
                arguments("exactly as old as the retention", NOW.minus(Duration.ofDays(90))),
                arguments("exactly the future tolerance ahead", NOW.plus(Duration.ofHours(1))),
                arguments("now", NOW));
    }

    @ParameterizedTest(name = "a reading {0} is accepted")
    @MethodSource("boundaryReadings")
    void readingOnARetentionBoundaryIsAccepted(String description, Instant time) {
        // given
        ServiceFixture fixture = new ServiceFixture();
        SeriesId series = Fixtures.freshSeries("val");

        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(valid(series, time)));

        // then
        assertThat(report.rejected()).isEmpty();
        assertThat(report.accepted()).isEqualTo(1);
    }

    @Test
    void theEpochItselfIsExpiredWithoutTheEpochSecondsHintThatTheFirstMillisecondAfterItGets() {
        // given
        ServiceFixture fixture = new ServiceFixture();

        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(new ReadingInput("s", 0L, FIELDS),
                new ReadingInput("s", 1L, FIELDS)));

        // then
        assertThat(report.rejected()).extracting(Rejection::reason).containsExactly(EXPIRED, EXPIRED);
        assertThat(report.rejected().get(0).message()).doesNotContain("looks like epoch seconds");
        assertThat(report.rejected().get(1).message()).endsWith("; 1 looks like epoch seconds; times in epoch form are milliseconds");
    }

    private static ReadingInput valid(SeriesId series, Instant time) {
        return new ReadingInput(series.value(), time, FIELDS);
    }

    private static Map<String, Object> manyFields(int count) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            fields.put("f" + i, i);
        }
        return fields;
    }

    private static Map<String, Object> nullValue() {
        Map<String, Object> fields = new HashMap<>();
        fields.put("v", null);
        return fields;
    }
}
