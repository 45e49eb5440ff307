package io.bucketry.adapter.inmemory;

import io.bucketry.domain.SubWindows;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The encoding of a sealed bucket's sub-window summaries: its layout in bytes, and that it gives the very cells back. */
class SubWindowCodecTest {

    private static final long NINE = Instant.parse("2026-07-21T09:00:00Z").toEpochMilli();
    private static final long HOUR = Duration.ofHours(1).toMillis();
    private static final long FIVE_MINUTES = Duration.ofMinutes(5).toMillis();
    private static final SubWindows FIVE = SubWindows.every(Duration.ofMinutes(5));

    @Test
    void aSteadyColumnTakesABytePerValueAndItsTimesNothingAfterItsFirstSubWindow() {
        // given: every sub-window of an hour with two readings, a minute and two minutes in, of 1000 + k and
        // 1003 + k in the k-th
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        for (int sub = 0; sub < 12; sub++) {
            long start = NINE + sub * FIVE_MINUTES;
            summaries.value(summaries.reading(start + 60_000), 0, start + 60_000, 1000 + sub);
            summaries.value(summaries.reading(start + 120_000), 0, start + 120_000, 1003 + sub);
        }

        // when: encoded
        byte[] encoded = SubWindowCodec.encode(summaries);

        // then: the first sub-window takes 14 bytes: its readings 1, the count with its flags 1, the min 1000
        // less 0 with its exponent 0, 2 bytes (zigzag 2000 << 3 is 16,000), the max less the min 1, the sum
        // less twice the min 1, the times' offsets 60,000 and 120,000 less the nothing before 3 each, the first
        // and the last less the min 1 each; each of the eleven others 7: the readings, the count with the flag
        // of the same times as the column before, the min less the last min (1: zigzag 2 << 3 is 16), max,
        // sum, first and last a byte each and no time. As a decimal a value (before) it was 184 bytes.
        assertThat(encoded).hasSize(14 + 11 * 7);
        assertThat(SubWindowCodec.decode(encoded, summaries.layoutOnly(), NINE)).isEqualTo(summaries.cells());
    }

    @Test
    void aSpanIsWrittenAtTheFewestDigitsItsValuesShareAfterAColumnsLongerOnes() {
        // given: a column whose first sub-window holds 21.37 (two decimals), then a whole or a one-decimal value
        SubWindowSummaries whole = twoSubWindowsOf(21.37, 1.0);
        SubWindowSummaries oneDecimal = twoSubWindowsOf(21.37, 1.5);

        // when: encoded
        byte[] wholeBytes = SubWindowCodec.encode(whole);
        byte[] oneDecimalBytes = SubWindowCodec.encode(oneDecimal);

        // then: 1.0 is the integer 1 at exponent 0 and its min takes a byte, where 1.5 is 15 at exponent 1
        // and takes two (both written less 0, since 21.37's min was at exponent 2; at exponent 2 they would
        // be 100 and 150 less 2137, three bytes each); the rest is the same
        assertThat(wholeBytes).hasSize(oneDecimalBytes.length - 1);
        assertThat(SubWindowCodec.decode(wholeBytes, whole.layoutOnly(), NINE)).isEqualTo(whole.cells());
        assertThat(SubWindowCodec.decode(oneDecimalBytes, oneDecimal.layoutOnly(), NINE)).isEqualTo(oneDecimal.cells());
    }

    @Test
    void aSpanKeepsTheDigitsItsSumNeedsThoughItsOtherValuesHaveFewer() {
        // given: every sub-window of an hour with 1.0, 1.5 and 2.0, a minute apart from its start: min, max,
        // first and last are whole, their sum 4.5 is not
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        for (int sub = 0; sub < 12; sub++) {
            long start = NINE + sub * FIVE_MINUTES;
            for (int i = 0; i < 3; i++) {
                summaries.value(summaries.reading(start + i * 60_000), 0, start + i * 60_000, 1 + i / 2.0);
            }
        }

        // when: encoded
        byte[] encoded = SubWindowCodec.encode(summaries);

        // then: integers at exponent 1 (10, 20, 10, 20 and 45), not a decimal a value: the first sub-window
        // takes 12 bytes (readings 1, count 1, the min 10 less 0, 2, the max less the min 1, the sum less
        // three times the min 1, the times' offsets 0 and 120,000 1 and 3, the first and the last less the min
        // 1 each), each of the eleven others 7 (the min less the last min, 0, a byte; no time)
        assertThat(encoded).hasSize(12 + 11 * 7);
        assertThat(SubWindowCodec.decode(encoded, summaries.layoutOnly(), NINE)).isEqualTo(summaries.cells());
    }

    @Test
    void aSumOfDecimalsThatIsNoDecimalTakesTheIntegerNearItAndTheDifferenceOfTheirBits() {
        // given: one sub-window of 0.1 and 0.2, whose sum is 0.30000000000000004, and one of 0.1 and 0.3 (sum 0.4)
        SubWindowSummaries noDecimalSum = oneSubWindowOf(0.1, 0.2);
        SubWindowSummaries decimalSum = oneSubWindowOf(0.1, 0.3);
        assertThat(noDecimalSum.span(0, 0).sum()).isEqualTo(0.1 + 0.2).isNotEqualTo(0.3);

        // when: encoded
        byte[] encoded = SubWindowCodec.encode(noDecimalSum);

        // then: the sum is 3 at exponent 1 with a difference of one unit in the last place, a byte more than
        // 0.4's (the same length of integer), and decodes to the very bits
        assertThat(encoded).hasSize(SubWindowCodec.encode(decimalSum).length + 1);
        assertThat(SubWindowCodec.decode(encoded, noDecimalSum.layoutOnly(), NINE)).isEqualTo(noDecimalSum.cells());
    }

    @Test
    void aSumWhoseIntegerIsFarFromCountTimesTheMinsIsWrittenAsADecimalAndComesBack() {
        // given: one sub-window of 1,100 readings, one of -4.5e15 and 1,099 of 4e12: the sum, -1.04e14, is an
        // integer, and it less 1,100 times the min is about 4.95e18, past 2^62, whose zigzag shifted by a flag
        // would lose its top bit
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        summaries.value(summaries.reading(NINE), 0, NINE, -4.5e15);
        for (int i = 1; i < 1_100; i++) {
            summaries.value(summaries.reading(NINE + i), 0, NINE + i, 4e12);
        }
        assertThat(summaries.span(0, 0).sum()).isEqualTo(-1.04e14);

        // when: encoded and decoded
        byte[] encoded = SubWindowCodec.encode(summaries);

        // then: the same cells to the bit
        assertThat(SubWindowCodec.decode(encoded, summaries.layoutOnly(), NINE)).isEqualTo(summaries.cells());
    }

    @Test
    void randomWalksOfDecimalsWhoseDigitsChangeFromSubWindowToSubWindowComeBackBitForBit() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 300; round++) {
            // given: three columns, each a random walk whose step and number of decimals (0–7, past the codec's 6)
            // change per sub-window, at random times, some sub-windows empty, now and then a value no decimal is
            SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
            double[] walks = {random.nextInt(2_000) - 1_000, random.nextInt(100_000) / 100.0, 1e9 * random.nextDouble()};
            for (int sub = 0; sub < 12; sub++) {
                int readings = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(6);
                for (int i = 0; i < readings; i++) {
                    long time = NINE + sub * FIVE_MINUTES + random.nextInt((int) FIVE_MINUTES);
                    int at = summaries.reading(time);
                    for (int column = 0; column < walks.length; column++) {
                        if (random.nextInt(5) == 0) {
                            continue;
                        }
                        double scale = Math.pow(10, random.nextInt(8));
                        walks[column] = Math.round((walks[column] + (random.nextInt(201) - 100) / scale) * scale) / scale;
                        double value = random.nextInt(40) == 0 ? Math.PI * walks[column] : walks[column];
                        summaries.value(at, column, time, value);
                    }
                }
            }

            // when: encoded and decoded
            byte[] encoded = SubWindowCodec.encode(summaries);

            // then: the same cells to the bit
            assertThat(SubWindowCodec.decode(encoded, summaries.layoutOnly(), NINE))
                    .as("seed %d, round %d", seed, round).isEqualTo(summaries.cells());
        }
    }

    @Test
    void summariesOfRawDoublesOnlyOutgrowTheEncodersFirstRoomAndComeBackBitForBit() {
        // given: every sub-window of an hour with forty columns of values no decimal is near (NaN payloads,
        // -0.0, infinities), so every value takes 10 bytes where the encoder starts with room for 2 a cell
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        double[] raw = {Double.longBitsToDouble(0x7ff8000000000123L), -0.0, Double.POSITIVE_INFINITY,
                Double.longBitsToDouble(0xfff0000000000007L)};
        for (int sub = 0; sub < 12; sub++) {
            long time = NINE + sub * FIVE_MINUTES + 299_999;
            int at = summaries.reading(time);
            for (int column = 0; column < 40; column++) {
                summaries.value(at, column, time, raw[(sub + column) % raw.length]);
            }
        }

        // when: encoded and decoded
        byte[] encoded = SubWindowCodec.encode(summaries);

        // then: longer than the room it started with, and the same cells to the bit
        assertThat(encoded.length).isGreaterThan(2 * summaries.cells().length + 14 * summaries.stride());
        assertThat(SubWindowCodec.decode(encoded, summaries.layoutOnly(), NINE)).isEqualTo(summaries.cells());
    }

    private static SubWindowSummaries oneSubWindowOf(double first, double second) {
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        summaries.value(summaries.reading(NINE), 0, NINE, first);
        summaries.value(summaries.reading(NINE + 60_000), 0, NINE + 60_000, second);
        return summaries;
    }

    private static SubWindowSummaries twoSubWindowsOf(double first, double second) {
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE, HOUR);
        summaries.value(summaries.reading(NINE), 0, NINE, first);
        summaries.value(summaries.reading(NINE + FIVE_MINUTES), 0, NINE + FIVE_MINUTES, second);
        return summaries;
    }
}
