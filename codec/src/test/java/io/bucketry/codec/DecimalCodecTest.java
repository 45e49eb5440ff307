package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class DecimalCodecTest {

    @Test
    void everySpecialDoubleComesBackWithItsRawBits() {
        double[] values = Doubles.SPECIAL;

        double[] decoded = roundTrip(values);

        assertBitExact(values, decoded, "special values");
    }

    @Test
    void specialDoublesAmongDecimalsComeBackWithTheirRawBitsAndTheDecimalsStayNarrow() {
        double[] values = new double[1000];
        Random random = new Random(7);
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 50 == 0 ? Doubles.SPECIAL[i / 50 % Doubles.SPECIAL.length] : Doubles.decimal(random, 2, 30);
        }

        BitWriter out = new BitWriter();
        DecimalCodec.encode(out, values);
        double[] decoded = DecimalCodec.decode(new BitReader(out.toByteArray()), values.length);

        assertBitExact(values, decoded, "decimals with exceptions");
        assertThat(out.position() / (double) values.length).as("bits per value").isLessThan(16);
    }

    @Test
    void twoDecimalReadingsPackIntoFewerThanTwelveBitsPerValue() {
        double[] values = new double[60];
        Random random = new Random(11);
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.round((21 + random.nextDouble() * 2) * 100) / 100.0;
        }

        BitWriter out = new BitWriter();
        DecimalCodec.encode(out, values);

        assertThat(out.position() / (double) values.length).as("bits per value").isLessThan(12);
        assertBitExact(values, DecimalCodec.decode(new BitReader(out.toByteArray()), values.length), "readings");
    }

    @Test
    void randomColumnsOfEveryKindComeBackBitExact() {
        Property.forAll(300, draws -> {
            long seed = draws.draw("column seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(0, 2 * DecimalCodec.BLOCK + 3));
            double[] values = Doubles.column(new Random(seed), size);

            assertBitExact(values, roundTrip(values), "column of seed " + seed);
        });
    }

    static double[] roundTrip(double[] values) {
        return RoundTrip.of(values, values.length, DecimalCodec::encode, DecimalCodec::decode);
    }

    static void assertBitExact(double[] expected, double[] actual, String what) {
        assertThat(actual).as(what).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Double.doubleToRawLongBits(actual[i]))
                    .as("%s: value %d, %s (raw %x), came back as %s", what, i, expected[i],
                            Double.doubleToRawLongBits(expected[i]), actual[i])
                    .isEqualTo(Double.doubleToRawLongBits(expected[i]));
        }
    }
}
