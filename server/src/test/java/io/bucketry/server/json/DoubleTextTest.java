package io.bucketry.server.json;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.function.DoubleConsumer;

import static org.assertj.core.api.Assertions.assertThat;

class DoubleTextTest {

    private static final double[] EDGES = {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e-3, Math.nextDown(1e-3), Math.nextUp(1e-3), 1e7, Math.nextDown(1e7),
        -Math.nextDown(1e7), 0.1, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1.0, -1.0, 21.37, -21.37, 1013.25, 9_999_999.999_999,
        1e13 + 0.5, 99_999_999_999_999.0 / 1e7, 123_456.000_000_000_01, 5e-324, 1e23, 2e-3, 0.005, 100.0, 4.35,
        0.3, 1e-5, 1234567.0, 12345678.0};

    @Test
    void everyFiniteValueReadsBackToItselfInSchubfachsShortestText() {
        Random random = new Random(34);
        forEach(random, value -> {
            String text = DoubleText.of(value);
            assertThat(Double.doubleToRawLongBits(Double.parseDouble(text)))
                    .as(text).isEqualTo(Double.doubleToRawLongBits(value));
            assertThat(text).isEqualTo(DoubleToDecimal.toString(value));
            assertThat(text.length()).as(text).isLessThanOrEqualTo(Double.toString(value).length());
        });
    }

    @Test
    void decimalsOfFewDigitsAreWrittenFromTheirDigitsAsDoubleToStringWritesThem() {
        Random random = new Random(35);
        byte[] into = new byte[32];
        for (int i = 0; i < 200_000; i++) {
            int fraction = random.nextInt(8);
            long digits = random.nextInt(1 << 30) % (long) Math.pow(10, 1 + random.nextInt(9));
            double value = (random.nextBoolean() ? -1 : 1) * (digits / Math.pow(10, fraction));
            String text = DoubleText.of(value);
            assertThat(Double.parseDouble(text)).as(text).isEqualTo(value);
            assertThat(text).isEqualTo(DoubleToDecimal.toString(value));
            if (Math.abs(value) >= 1e-3 && Math.abs(value) < 1e7) {
                assertThat(DoubleText.plain(value, into, 0)).as(text).isEqualTo(text.length());
                assertThat(text).isEqualTo(Double.toString(value));
            }
        }
    }

    @Test
    void valuesOutsidePlainRangeOrWithManyDigitsAreLeftToSchubfach() {
        byte[] into = new byte[32];
        assertThat(DoubleText.plain(1e7, into, 0)).isZero();
        assertThat(DoubleText.plain(Math.nextDown(1e-3), into, 0)).isZero();
        assertThat(DoubleText.plain(0.0, into, 0)).isZero();
        assertThat(DoubleText.plain(1.0 / 3, into, 0)).isZero();
        assertThat(DoubleText.plain(0.1 + 0.2, into, 0)).isZero();
        assertThat(DoubleText.plain(Double.NaN, into, 0)).isZero();
        assertThat(DoubleText.plain(Math.nextDown(1e7), into, 0)).isZero();
        assertThat(DoubleText.plain(9_999_999.5, into, 0)).isEqualTo("9999999.5".length());
        assertThat(DoubleText.plain(1e-3, into, 0)).isEqualTo("0.001".length());
        assertThat(DoubleText.plain(-1013.25, into, 0)).isEqualTo("-1013.25".length());
    }

    /** The edge values, random bit patterns (finite ones) and random values in plain range. */
    private static void forEach(Random random, DoubleConsumer check) {
        for (double value : EDGES) {
            check.accept(value);
        }
        for (int i = 0; i < 100_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(value)) {
                check.accept(value);
            }
            check.accept((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12) - 4));
        }
    }
}
