package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Each block form: the shape it is for is written in it, smaller than the forms before it, and comes back bit for bit. */
class BlockFormsTest {

    @Test
    void aFewOutliersAreExceptionsInsteadOfWideningTheBlock() {
        double[] values = new double[1024];
        values[100] = 123456.78;
        values[500] = -98765.4;
        values[900] = 5e9;

        // a frame of width 0 and three exceptions of 64 + 10 bits, against 1,024 values of 36 bits at least
        assertWrittenIn(values, DecimalCodec.DECIMAL, (3 * 74 + 100) / 1024.0, "zeros and three outliers");
    }

    @Test
    void outliersAmongDecimalsOfEveryShapeComeBackBitExact() {
        roundTripsInForm(0, DecimalCodec.DECIMAL);
    }

    @Test
    void doublesThatAreNotDecimalsTakeFewerThan64BitsInTheFrontBitsForm() {
        Random random = new Random(3);
        double[] values = new double[1024];
        for (int i = 0; i < values.length; i++) {
            values[i] = 0.5 + random.nextDouble() / 4;   // one sign, one exponent, random mantissas
        }

        assertWrittenIn(values, DecimalCodec.FRONT_BITS, 60, "not decimals");
    }

    @Test
    void notDecimalsFromANarrowRangeWithAFewOthersComeBackBitExact() {
        roundTripsInForm(3, DecimalCodec.FRONT_BITS);
    }

    @Test
    void fewDistinctValuesTakeADictionaryAndRunsTakeLessStill() {
        double[] scattered = new double[1024];
        double[] inRuns = new double[1024];
        double[] few = {-0.0, Double.NaN, 4.9e-320, 1013.25, Math.PI};
        Random random = new Random(5);
        for (int i = 0; i < scattered.length; i++) {
            scattered[i] = few[random.nextInt(few.length)];
            inRuns[i] = few[i * few.length / inRuns.length];
        }

        assertWrittenIn(scattered, DecimalCodec.DICTIONARY, 3.5, "scattered");
        assertWrittenIn(inRuns, DecimalCodec.DICTIONARY, 0.6, "in runs");
    }

    @Test
    void fewDistinctValuesOfEveryShapeComeBackBitExact() {
        roundTripsInForm(1, DecimalCodec.DICTIONARY);
    }

    @Test
    void aDecimalWalkTakesItsStepsNotItsRange() {
        double[] values = new double[1024];
        long cents = 1_000_000;
        Random random = new Random(9);
        for (int i = 0; i < values.length; i++) {
            cents += random.nextInt(9) - 4;
            values[i] = cents / 100.0;
        }
        long range = Arrays.stream(values).mapToLong(v -> Math.round(v * 100)).max().getAsLong()
                - Arrays.stream(values).mapToLong(v -> Math.round(v * 100)).min().getAsLong();

        assertThat(BitWriter.width(range)).as("the range's width").isGreaterThan(5);
        assertWrittenIn(values, DecimalCodec.DECIMAL, 4.2, "walk");   // steps of -4..4: 4 bits
    }

    @Test
    void decimalWalksWithSpikesAndSpecialsComeBackBitExact() {
        roundTripsInForm(2, DecimalCodec.DECIMAL);
    }

    @Test
    void everyFormSurvivesBlocksOfEverySizeAndPosition() {
        Property.forAll(200, draws -> {
            long seed = draws.draw("seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(1, 3 * DecimalCodec.BLOCK + 1));
            Random random = new Random(seed);
            double[] values = new double[size];
            for (int from = 0; from < size; ) {   // blocks of one shape after another, across block borders
                int length = Math.min(size - from, 1 + random.nextInt(700));
                System.arraycopy(Doubles.shaped(random, length, random.nextInt(4)), 0, values, from, length);
                from += length;
            }

            DecimalCodecTest.assertBitExact(values, DecimalCodecTest.roundTrip(values), "seed " + seed);
            assertSkipsExactly(values);
        });
    }

    /** {@code values} are written in {@code form}, in fewer than {@code bitsPerValue} bits a value, and come back bit for bit. */
    private static void assertWrittenIn(double[] values, int form, double bitsPerValue, String what) {
        BitWriter out = encode(values);

        assertThat(form(out)).as("%s: the form", what).isEqualTo(form);
        assertThat(out.position() / (double) values.length).as("%s: bits per value", what).isLessThan(bitsPerValue);
        DecimalCodecTest.assertBitExact(values, DecimalCodecTest.roundTrip(values), what);
    }

    /** Draws columns of {@code shape}; every one round-trips, and most of them are written in {@code form}. */
    private static void roundTripsInForm(int shape, int form) {
        int[] inForm = new int[1];
        Property.forAll(300, draws -> {
            long seed = draws.draw("seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(2, DecimalCodec.BLOCK));
            double[] values = Doubles.shaped(new Random(seed), size, shape);

            DecimalCodecTest.assertBitExact(values, DecimalCodecTest.roundTrip(values), "seed " + seed);
            assertSkipsExactly(values);
            inForm[0] += form(encode(values)) == form ? 1 : 0;
        });
        assertThat(inForm[0]).as("columns written in form %d", form).isGreaterThan(150);
    }

    private static void assertSkipsExactly(double[] values) {
        BitWriter out = encode(values);
        out.write(0x5A, 8);
        BitReader in = new BitReader(out.toByteArray());
        DecimalCodec.skip(in, values.length, SealedBucketCodec.VERSION);
        assertThat(in.read(8)).as("the byte after a skipped column").isEqualTo(0x5A);
    }

    private static BitWriter encode(double[] values) {
        BitWriter out = new BitWriter();
        DecimalCodec.encode(out, values);
        return out;
    }

    private static int form(BitWriter out) {
        return (int) new BitReader(out.toByteArray()).read(2);
    }
}
