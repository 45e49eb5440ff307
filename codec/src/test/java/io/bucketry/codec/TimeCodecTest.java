package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class TimeCodecTest {

    private static final long START = 1_767_225_600_000L;

    @Test
    void aRegularMinuteCadenceCostsAlmostNoBitsPerValue() {
        long[] times = new long[1000];
        Arrays.setAll(times, i -> START + 60_000L * i);

        BitWriter out = new BitWriter();
        TimeCodec.encode(out, times);

        assertThat(out.position() / (double) times.length).as("bits per time").isLessThan(0.1);
        assertThat(roundTrip(times)).containsExactly(times);
    }

    @Test
    void aMissedTickCostsOnlyTheTwoChangesOfTheStep() {
        long[] regular = new long[100];
        Arrays.setAll(regular, i -> START + 60_000L * i);
        long[] gap = Arrays.copyOf(regular, regular.length);
        for (int i = 50; i < gap.length; i++) {
            gap[i] += 60_000L;
        }

        assertThat(bits(gap) - bits(regular)).as("extra bits of one gap").isLessThan(64);
        assertThat(roundTrip(gap)).containsExactly(gap);
    }

    @Test
    void theExtremesOfLongRoundTripThoughTheirStepsOverflow() {
        long[] times = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE};

        assertThat(roundTrip(times)).containsExactly(times);
    }

    @Test
    void anyAscendingEpochMillisSequenceRoundTrips() {
        Property.forAll(300, draws -> {
            long seed = draws.draw("times seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(0, 3000));
            long[] times = ascending(new Random(seed), size);

            assertThat(roundTrip(times)).as("times of seed %d", seed).containsExactly(times);
        });
    }

    /** Strictly increasing: a mix of regular steps, jitter, gaps and arbitrary jumps. */
    static long[] ascending(Random random, int size) {
        long[] times = new long[size];
        long step = 1 + random.nextInt(120_000);
        long time = random.nextBoolean() ? START : random.nextLong() / 2;
        for (int i = 0; i < size; i++) {
            int kind = random.nextInt(10);
            time += kind < 6 ? step : kind < 8 ? 1 + random.nextInt(2000) : kind < 9 ? step * 10 : 1 + (random.nextLong() >>> 20);
            times[i] = time;
        }
        return times;
    }

    private static long bits(long[] times) {
        BitWriter out = new BitWriter();
        TimeCodec.encode(out, times);
        return out.position();
    }

    private static long[] roundTrip(long[] times) {
        return RoundTrip.of(times, times.length, TimeCodec::encode, TimeCodec::decode);
    }
}
