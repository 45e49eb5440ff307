package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SealedHeaderTest {

    private static final SeriesId SENSOR = SeriesId.of("sensor-1");
    private static final long NINE = Instant.parse("2026-07-21T09:00:00Z").toEpochMilli();

    @Test
    void aSealedBucketAnswersTheCountTimesAndSummariesOfItsOpenFormBitForBit() {
        Property.forAll(500, draws -> {
            // given: readings of a decimal column, a column of any finite doubles (a reading holds no other), a column sometimes absent, a text
            List<Double> decimals = draws.draw("decimals", Gen.ints(0, 4).flatMap(digits -> Gen.longs(-99_999, 99_999)
                    .map(units -> units / Math.pow(10, digits))).list(1, 300));
            List<Double> others = draws.draw("others", SummaryFormTest.VALUES
                    .map(value -> Double.isFinite(value) ? value : -0.0).list(decimals.size(), decimals.size()));
            long step = draws.draw("step", Gen.longs(1, 40_000));
            PackedBucket open = PackedBucket.open(SENSOR, NINE, 0, BucketPolicy.defaults());
            for (int i = 0; i < decimals.size(); i++) {
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("temperature", decimals.get(i));
                fields.put("other", others.get(i));
                if (i % 3 == 0) {
                    fields.put("sometimes", others.get(i));
                }
                fields.put("status", i % 2 == 0 ? "OK" : "WARN");
                open.add(Reading.of(SENSOR.value(), Instant.ofEpochMilli(NINE + 7 + i * step), fields));
            }

            // when
            SealedColumns sealed = SealedColumns.of(open);

            // then: record equality of doubles tells −0.0 from 0.0 and NaN alike
            assertThat(sealed.count()).isEqualTo(open.count());   // past 127: a varint of two bytes
            assertThat(sealed.summaries()).isEqualTo(open.summaries());
            assertThat(sealed.firstTime()).isEqualTo(open.firstTime());
            assertThat(sealed.lastTime()).isEqualTo(open.lastTime());
            assertThat(sealed.reopen(SENSOR, BucketPolicy.defaults(), Sealing.off()).readings())
                    .isEqualTo(open.readings());
        });
    }
}
