package io.bucketry.codec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 13's size targets on the generator's data, one-hour buckets of 60 readings (sizes are deterministic). */
class GeneratorShapedSizesTest {

    private static final GeneratorShapedData DATA = new GeneratorShapedData(500, 60);
    private static final double VALUES = 500 * 60;

    @ParameterizedTest(name = "{0} values take at most {1} bits")
    @CsvSource({"temperature, 12", "pressure, 16"})
    void generatorValuesTakeAtMostTheirTargetBits(String data, double targetBits) {
        double ours = CodecFigures.bits(DATA.numbers(data), DecimalCodec::encode) / VALUES;

        assertThat(ours).as("bits per %s", data).isLessThanOrEqualTo(targetBits);
    }

    @Test
    void randomDoublesCostBarelyMoreThanTheirSixtyFourRawBits() {
        double ours = CodecFigures.bits(DATA.random, DecimalCodec::encode) / VALUES;

        assertThat(ours).as("bits per random double").isLessThan(64.1);
    }

    @Test
    void aWholeSealedHourOfTheGeneratorsReadingsTakesUnderFiveBytesPerReading() {
        long bytes = 0;
        for (int b = 0; b < 500; b++) {
            bytes += SealedBucketCodec.encode(DATA.bucket(b)).length;
        }

        assertThat(bytes / VALUES).as("bytes per reading").isLessThan(5);
    }
}
