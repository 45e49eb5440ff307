package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The baseline must be a correct Gorilla, or the benchmark's comparison means nothing. */
class GorillaCodecTest {

    @Test
    void aRepeatedValueCostsOneBit() {
        double[] values = new double[101];
        java.util.Arrays.fill(values, 21.5);

        BitWriter out = new BitWriter();
        GorillaCodec.encode(out, values);

        assertThat(out.position()).isEqualTo(64 + 100);
    }

    @Test
    void randomColumnsOfEveryKindRoundTripBitExact() {
        Property.forAll(200, draws -> {
            long seed = draws.draw("column seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(0, 1500));
            double[] values = Doubles.column(new Random(seed), size);

            double[] decoded = RoundTrip.of(values, size, GorillaCodec::encode, GorillaCodec::decode);

            DecimalCodecTest.assertBitExact(values, decoded, "gorilla, seed " + seed);
        });
    }
}
