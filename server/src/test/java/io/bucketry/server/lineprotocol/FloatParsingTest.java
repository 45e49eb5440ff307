package io.bucketry.server.lineprotocol;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class FloatParsingTest {

    @Test
    void floatsAreParsedToTheSameDoubleAsTheJdkParsesThem() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            String text = randomFloat(random);
            Collected c = Collected.parse("m v=" + text + " 0", SeriesIdRule.VALUES, Precision.SECONDS, Instant.EPOCH);

            assertThat(c.readings).as("seed %d: %s %s", seed, text, c.refused).hasSize(1);
            assertThat(c.readings.get(0).fields().get("v")).as("seed %d: %s", seed, text).isEqualTo(Double.parseDouble(text));
        }
    }

    private static String randomFloat(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
            case 1 -> Long.toString(random.nextLong() >> random.nextInt(64));
            case 2 -> (random.nextBoolean() ? "-" : "") + random.nextInt(100_000) + "." + random.nextInt(1_000_000)
                    + (random.nextBoolean() ? "" : "e" + (random.nextInt(60) - 30));
            default -> Double.toString(Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL));
        };
    }
}
