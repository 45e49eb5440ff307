package io.bucketry.tools.codec;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** ALP's cost model on blocks whose best encoding can be worked out by hand. */
class AlpModelTest {

    private static final int HEADER = 8 + 8 + 8 + 64;

    @Test
    void integersFromZeroTo1023TakeTenBitsEachAndTheHeader() {
        double[] block = new double[1024];
        for (int i = 0; i < block.length; i++) {
            block[i] = i;
        }

        assertThat(AlpModel.bits(block)).isEqualTo(10L * 1024 + HEADER);
    }

    @Test
    void valuesThatNoScaleMakesIntegersAreExceptionsOf64And16Bits() {
        double[] block = new double[1024];
        block[7] = Double.NaN;
        block[300] = Double.POSITIVE_INFINITY;
        block[1000] = 1e300;

        assertThat(AlpModel.alpBits(block)).isEqualTo(3 * (64 + 16) + HEADER);
    }

    @Test
    void doublesSharingTheirFront16BitsTakeTheOther48AndOneDictionaryEntry() {
        Random random = new Random(1);
        double[] block = new double[1024];
        for (int i = 0; i < block.length; i++) {
            block[i] = Double.longBitsToDouble(0x3FF0_0000_0000_0000L | random.nextLong() >>> 16);
        }

        assertThat(AlpModel.rdBits(block)).isEqualTo(48L * 1024 + 16);
        assertThat(AlpModel.bits(block)).isEqualTo(48L * 1024 + 16);
    }
}
