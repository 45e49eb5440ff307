package io.bucketry.adapter.inmemory;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryFormTest {

    /** Decimals of 0–6 digits, sums of them, and doubles that are none: every shape a column's summary takes. */
    private static final Gen<Double> DECIMALS = Gen.ints(0, 6).flatMap(digits -> Gen.longs(-5_000_000, 5_000_000)
            .map(units -> units / Math.pow(10, digits)));
    private static final Gen<Double> SPECIALS = Gen.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0x1p53, 1e15 + 0.5, 1e-300);
    static final Gen<Double> VALUES = Gen.oneOf(DECIMALS, Gen.doubles(-1e6, 1e6), SPECIALS,
            Gen.anyLong().map(Double::longBitsToDouble));

    @Test
    void everySummaryReadsBackBitForBit() {
        Property.forAll(2000, draws -> {
            // given
            List<Double> values = draws.draw("values", VALUES.list(1, 60));
            double min = values.stream().reduce(Double.POSITIVE_INFINITY, Math::min);
            double max = values.stream().reduce(Double.NEGATIVE_INFINITY, Math::max);
            double sum = values.stream().reduce(0.0, Double::sum);

            // when
            double[] read = writeAndRead(min, max, sum);

            // then
            assertThat(Double.doubleToRawLongBits(read[0])).as("min").isEqualTo(Double.doubleToRawLongBits(min));
            assertThat(Double.doubleToRawLongBits(read[1])).as("max").isEqualTo(Double.doubleToRawLongBits(max));
            assertThat(Double.doubleToRawLongBits(read[2])).as("sum").isEqualTo(Double.doubleToRawLongBits(sum));
        });
    }

    @Test
    void summaryOfDecimalsTakesAFewBytesEachWhereRawBitsTookEight() {
        // given: sixty readings of two decimals, whose sum is not a short decimal itself
        double sum = 0;
        for (int i = 0; i < 60; i++) {
            sum += 21.37 + i * 0.01;
        }
        assertThat(SummaryForm.scaleOf(sum)).isGreaterThan(SummaryForm.MAX_SCALE);

        // when
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SummaryForm.write(out, bits(21.37), bits(21.96), bits(sum));

        // then: scale, min 2137 (2), max − min 59 (1), sum 130 ... (3), its bit difference (1–2)
        assertThat(out.size()).isBetween(8, 9);
        assertThat(out.toByteArray()[0]).isEqualTo((byte) 2);
        assertThat(SummaryForm.skip(out.toByteArray(), 0)).isEqualTo(out.size());
    }

    @Test
    void aColumnThatIsNoDecimalIsStoredRaw() {
        // given: −0.0 is no decimal (0 / 10^s is +0.0), nor are random bits
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when
        SummaryForm.write(out, bits(-0.0), bits(1.5), bits(1.5));

        // then
        assertThat(out.toByteArray()[0] & 0xFF).isEqualTo(SummaryForm.RAW);
        assertThat(out.size()).isEqualTo(25);
        assertThat(SummaryForm.skip(out.toByteArray(), 0)).isEqualTo(25);
        assertThat(writeAndRead(-0.0, 1.5, 1.5)).containsExactly(-0.0, 1.5, 1.5);
    }

    @Test
    void theScaleIsTheFewestDigitsThatGiveTheValueBack() {
        assertThat(SummaryForm.scaleOf(1013.25)).isEqualTo(2);
        assertThat(SummaryForm.scaleOf(20.0)).isEqualTo(0);
        assertThat(SummaryForm.scaleOf(0.1)).isEqualTo(1);
        assertThat(SummaryForm.scaleOf(0.000_000_000_000_001)).isEqualTo(15);
        assertThat(SummaryForm.scaleOf(0.1 + 0.2)).isGreaterThan(SummaryForm.MAX_SCALE);
        assertThat(SummaryForm.scaleOf(Double.NaN)).isGreaterThan(SummaryForm.MAX_SCALE);
        assertThat(SummaryForm.scaleOf(0x1p53)).isGreaterThan(SummaryForm.MAX_SCALE);
    }

    private static double[] writeAndRead(double min, double max, double sum) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x55);   // a byte before it: the summary is read where it starts
        SummaryForm.write(out, bits(min), bits(max), bits(sum));
        out.write(0x77);
        byte[] bytes = out.toByteArray();
        double[] read = new double[3];
        int end = SummaryForm.read(bytes, 1, read);
        assertThat(end).as("where it ends").isEqualTo(bytes.length - 1).isEqualTo(SummaryForm.skip(bytes, 1));
        return read;
    }

    private static long bits(double value) {
        return Double.doubleToRawLongBits(value);
    }
}
