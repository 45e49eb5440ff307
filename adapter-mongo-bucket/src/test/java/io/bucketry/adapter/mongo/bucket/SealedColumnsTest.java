package io.bucketry.adapter.mongo.bucket;

import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.SealedBucketCodec;
import io.bucketry.codec.TextColumn;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A sealed document's columns give back its readings bit for bit, fields absent where they were. */
class SealedColumnsTest {

    private static final SeriesId SENSOR = SeriesId.of("sensor-1");
    private static final Instant NINE = Instant.parse("2026-07-21T09:00:00Z");
    private static final double[] ADVERSARIAL = {-0.0, 0.0, Double.MIN_VALUE, 1e308, -Double.MAX_VALUE, 0.1 + 0.2,
            9007199254740994.0, 22.37, 1013.25, -7.5e-300};

    @Test
    void theReadingsComeBackBitForBitWithTheirFieldsInTheirOrder() {
        // given: adversarial numbers, a text in some readings, a second number in others
        List<Reading> written = new ArrayList<>();
        for (int i = 0; i < ADVERSARIAL.length; i++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("value", ADVERSARIAL[i]);
            if (i % 3 != 0) {
                fields.put("status", i % 2 == 0 ? "OK" : "ünïcödé ✓");
            }
            if (i % 4 == 1) {
                fields.put("pressure", 1000.0 + i);
            }
            written.add(Reading.of(SENSOR.value(), NINE.plusSeconds(i), fields));
        }

        // when
        byte[] cols = SealedColumns.encode(written);
        List<Reading> read = SealedColumns.decode(SENSOR, cols);

        // then
        assertThat(read).isEqualTo(written);
        for (int i = 0; i < written.size(); i++) {
            assertThat(Double.doubleToRawLongBits(read.get(i).fields().number("value"))).as("bits of %s", ADVERSARIAL[i])
                    .isEqualTo(Double.doubleToRawLongBits(ADVERSARIAL[i]));
            assertThat(read.get(i).fields().keySet()).containsExactlyElementsOf(written.get(i).fields().keySet());
        }
        assertThat(SealedColumns.times(cols)).containsExactly(written.stream().mapToLong(Reading::epochMilli).toArray());
    }

    @Test
    void aDecodeIsCountedAndATruncatedDocumentIsRefused() {
        // given
        byte[] cols = SealedColumns.encode(List.of(Reading.of(SENSOR.value(), NINE, Map.of("value", 1.5))));
        long before = SealedColumns.decodes();

        // when
        SealedColumns.decode(SENSOR, cols);
        SealedColumns.times(cols);

        // then
        assertThat(SealedColumns.decodes() - before).isEqualTo(2);
        byte[] truncated = Arrays.copyOf(cols, cols.length - 1);
        assertThatThrownBy(() -> SealedColumns.decode(SENSOR, truncated)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid sealed bucket");
        assertThatThrownBy(() -> SealedColumns.times(truncated)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid sealed bucket");
    }

    @Test
    void aStoredNaNIsADamagedDocumentNotAnAbsentField() {
        // given: columns no reading could have written, a NaN stored beside a text
        byte[] cols = SealedBucketCodec.encode(SealedBucket.of(new long[] {NINE.toEpochMilli()}, Map.of(
                "value", NumericColumn.of(new double[] {Double.NaN}, new BitSet()),
                "status", TextColumn.of(new String[] {"OK"}))));

        // then
        assertThatThrownBy(() -> SealedColumns.decode(SENSOR, cols)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a valid sealed bucket: column 'value' holds NaN at row 0, which no reading holds");
    }
}
