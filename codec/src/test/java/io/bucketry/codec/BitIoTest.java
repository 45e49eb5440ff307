package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BitIoTest {

    @Test
    void valuesOfAnyWidthComeBackAndReadingPastTheEndIsRefused() {
        Property.forAll(300, draws -> {
            long seed = draws.draw("seed", Gen.anyLong());
            Random random = new Random(seed);
            int count = random.nextInt(200);
            long[] values = new long[count];
            int[] widths = new int[count];
            BitWriter out = new BitWriter();
            for (int i = 0; i < count; i++) {
                widths[i] = random.nextInt(65);
                values[i] = widths[i] == 64 ? random.nextLong() : random.nextLong() & ((1L << widths[i]) - 1);
                out.write(values[i], widths[i]);
            }
            BitReader in = new BitReader(out.toByteArray());

            for (int i = 0; i < count; i++) {
                assertThat(in.read(widths[i])).as("value %d of width %d, seed %d", i, widths[i], seed).isEqualTo(values[i]);
            }
            in.requireEnd();
            assertThatThrownBy(() -> in.read(8)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated");
        });
    }

    @Test
    void theFastWordReadAgreesWithTheCarefulReadWhereverTheWordLimitAllowsIt() {
        Random random = new Random(3);
        for (int length = 0; length < 24; length++) {
            byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            BitReader in = new BitReader(bytes);
            assertThat(in.wordLimit()).as("word limit of %d bytes", length).isEqualTo(Math.max(0, (length - 7) * 8L));
            for (long bit = 0; bit < in.wordLimit(); bit++) {
                long careful = in.bitsAt(bit, 56);
                assertThat((in.wordAt((int) (bit >>> 3)) >>> (bit & 7)) & ((1L << 56) - 1)).isEqualTo(careful);
            }
        }
    }

    @Test
    void anOverlongVariableLengthNumberIsRefused() {
        byte[] bytes = new byte[11];
        java.util.Arrays.fill(bytes, (byte) 0x80);

        assertThatThrownBy(() -> new BitReader(bytes).readVarLong()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than 10 groups");
    }
}
