package io.bucketry.tools.codec;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The comparison's Gorilla must be a correct Gorilla, or the comparison means nothing. */
class GorillaXorTest {

    @Test
    void aRepeatedValueCostsOneBitAfterTheFirst() {
        double[] values = new double[101];
        Arrays.fill(values, 21.5);

        assertThat(GorillaXor.encode(values).bits()).isEqualTo(64 + 100);
    }

    @Test
    void aNewWindowCostsTwoBitsOfControlElevenOfWindowAndTheMeaningfulBits() {
        // 12.0 = 0x4028000000000000, 24.0 = 0x4038000000000000: the XOR is one bit, 11 leading zeros, 52 trailing
        double[] values = {12.0, 12.0, 24.0};

        GorillaXor.Encoded encoded = GorillaXor.encode(values);

        assertThat(encoded.bits()).isEqualTo(64 + 1 + (2 + 5 + 6 + 1));
        assertThat(GorillaXor.decode(encoded, 3)).containsExactly(12.0, 12.0, 24.0);
    }

    @Test
    void columnsOfManyShapesRoundTripBitForBit() {
        double[] special = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7FF0000000000123L), Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 4.9e-320};
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            double[] values = new double[random.nextInt(1500)];
            int shape = random.nextInt(4);
            for (int i = 0; i < values.length; i++) {
                values[i] = switch (shape) {
                    case 0 -> Double.longBitsToDouble(random.nextLong());
                    case 1 -> Math.rint(random.nextGaussian() * 1e4) / 100;
                    case 2 -> special[random.nextInt(special.length)];
                    default -> i > 0 && random.nextInt(3) > 0 ? values[i - 1] : random.nextDouble();
                };
            }

            GorillaXor.Encoded encoded = GorillaXor.encode(values);
            double[] decoded = GorillaXor.decode(encoded, values.length);

            for (int i = 0; i < values.length; i++) {
                assertThat(Double.doubleToRawLongBits(decoded[i])).as("seed %d, value %d", seed, i)
                        .isEqualTo(Double.doubleToRawLongBits(values[i]));
            }
        }
    }
}
