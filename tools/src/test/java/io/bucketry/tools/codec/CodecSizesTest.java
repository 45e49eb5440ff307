package io.bucketry.tools.codec;

import io.bucketry.codec.DoubleColumnCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CodecSizesTest {

    @Test
    void eachCodecIsMeasuredOnTheSameWholeBlocks() {
        double[] values = new double[130];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i % 10) * 0.25;
        }
        CodecSamples samples = new CodecSamples("steps", values);

        CodecSizes sizes = CodecSizes.of(samples, 60);

        double[] first = java.util.Arrays.copyOf(values, 60);
        double[] second = java.util.Arrays.copyOfRange(values, 60, 120);
        assertThat(sizes.bucketry()).isEqualTo((DoubleColumnCodec.bits(first) + DoubleColumnCodec.bits(second)) / 120.0);
        assertThat(sizes.gorilla()).isEqualTo((GorillaXor.encode(first).bits() + GorillaXor.encode(second).bits()) / 120.0);
        assertThat(sizes.alp()).isEqualTo((AlpModel.bits(first) + AlpModel.bits(second)) / 120.0);
        assertThat(sizes.zstd()).isPositive().isLessThan(64);
        assertThat(sizes.bestPeer()).isEqualTo(Math.min(sizes.zstd(), sizes.gorilla()));
    }
}
