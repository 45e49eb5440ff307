package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** Values the line protocol cannot store as sent are refused by field, as the JSON route refuses them, never altered. */
class UnalteredValuesTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");

    @Test
    void aFloatThatUnderflowsToZeroIsRefusedNamingItsFieldWhileAZeroIsStored() {
        // given: non-zero digits too small for a double, beside zeros written with large exponents
        String body = "m v=1e-400 1\nm v=0.000e-999,w=-0.0 2\nm v=2e-324 3\nm v=1e400 4\n";

        // when
        Collected c = Collected.parse(body, SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        // then: the zeros are stored, the underflow and the overflow refused with the field's name
        assertThat(c.readings).singleElement().satisfies(r -> assertThat(r.fields())
                .containsExactly(entry("v", 0.0), entry("w", -0.0)));
        assertThat(c.refused).extracting(Collected.Refused::line).containsExactly(1L, 3L, 4L);
        assertThat(c.refused).allSatisfy(r -> assertThat(r.reason()).isEqualTo(RejectionReason.INVALID_FIELD_VALUE));
        assertThat(c.refused.get(0).message())
                .isEqualTo("field v: 1e-400 is too close to zero for a double: it would be stored as 0");
        assertThat(c.refused.get(2).message()).isEqualTo("field v: 1e400 is beyond the range of a double");
    }

    @Test
    void aStringFieldWithInvalidUtf8RefusesItsLineWhileTheOthersAreParsed() {
        // given: a valid line, a line whose string holds the byte 0xff (never UTF-8), an escaped string with a bad
        // continuation, and a valid line with non-ASCII text
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes("m v=1 1\nm s=\"ab".getBytes(StandardCharsets.US_ASCII));
        body.write(0xff);
        body.writeBytes("\" 2\nm s=\"\\\"x".getBytes(StandardCharsets.US_ASCII));
        body.write(0xc3);
        body.writeBytes("\" 3\nm s=\"z\u00fcrich\" 4\n".getBytes(StandardCharsets.UTF_8));

        // when
        Collected c = Collected.parse(body.toByteArray(), SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        // then
        assertThat(c.readings).extracting(Collected.Parsed::line).containsExactly(1L, 4L);
        assertThat(c.readings.get(1).fields()).containsExactly(entry("s", "z\u00fcrich"));
        assertThat(c.refused).extracting(Collected.Refused::line).containsExactly(2L, 3L);
        assertThat(c.refused).allSatisfy(r -> assertThat(r.reason()).isEqualTo(RejectionReason.INVALID_FIELD_VALUE));
        assertThat(c.refused.get(0).message()).isEqualTo("field s: the string is not valid UTF-8 (byte 0xff at byte 2 "
                + "of the string); send the body as UTF-8");
        assertThat(c.refused.get(1).message()).startsWith("field s: the string is not valid UTF-8 (byte 0xc3 at byte 2");
    }
}
