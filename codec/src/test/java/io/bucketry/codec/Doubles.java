package io.bucketry.codec;

import java.util.Random;

/** Test data: adversarial doubles, decimal-like doubles and mixtures of both, drawn from a seeded {@link Random}. */
final class Doubles {

    /** Values a float codec gets wrong most easily; each must come back with the same raw bits. */
    static final double[] SPECIAL = {
        0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e308, -1e308, 0x1p53, 0x1p53 + 2, Math.nextUp(0x1p53),
        (double) (1L << 53) + 1, 9007199254740993e3, 0x1p52 + 0.5, 0.1 + 0.2, 1.0 / 3, Math.PI, Math.E,
        0.12345678901234567, 12345678.901234567, 9.999999999999999e22, 1e-300, 4.9e-320, 22.37, 1013.25,
        -273.15, 1e18, 1e19, 123456789012345678.0, Long.MAX_VALUE, Long.MIN_VALUE, 5e-324 * 3,
        Double.NaN, Double.longBitsToDouble(0x7FF0000000000123L), Double.longBitsToDouble(0xFFF8000000000001L),
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
    };

    private Doubles() {
    }

    /**
     * A column of {@code size} values of a kind chosen at random: decimal, raw bits, special, a mixture, or
     * one of the shapes {@link #shaped} draws.
     */
    static double[] column(Random random, int size) {
        int kind = random.nextInt(9);
        if (kind >= 5) {
            return shaped(random, size, kind - 5);
        }
        int decimals = random.nextInt(8);
        double magnitude = Math.pow(10, random.nextInt(12) - 3);
        double[] values = new double[size];
        for (int i = 0; i < size; i++) {
            values[i] = switch (kind) {
                case 0 -> decimal(random, decimals, magnitude);
                case 1 -> Double.longBitsToDouble(random.nextLong());
                case 2 -> SPECIAL[random.nextInt(SPECIAL.length)];
                case 3 -> random.nextInt(20) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : decimal(random, decimals, magnitude);
                default -> random.nextInt(4) == 0 ? Double.longBitsToDouble(random.nextLong()) : decimal(random, decimals, magnitude);
            };
        }
        return values;
    }

    /**
     * A column of one shape the codec has a block form for: 0, outliers (a narrow decimal bulk and a few
     * values far off, specials among them); 1, few distinct values (specials among them) in runs or
     * scattered; 2, a decimal random walk with a spike now and then; 3, doubles that are not decimals from
     * a narrow range, with a few others.
     */
    static double[] shaped(Random random, int size, int shape) {
        double[] values = new double[size];
        int decimals = random.nextInt(5);
        double magnitude = Math.pow(10, random.nextInt(8) - 2);
        double[] few = new double[1 + random.nextInt(40)];
        for (int i = 0; i < few.length; i++) {
            few[i] = random.nextInt(4) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : decimal(random, decimals, magnitude);
        }
        double walk = decimal(random, decimals, magnitude);
        double step = Math.pow(10, -decimals) * (1 + random.nextInt(20));
        double base = random.nextDouble() * magnitude;
        int run = 1 + random.nextInt(30);
        for (int i = 0; i < size; i++) {
            values[i] = switch (shape) {
                case 0 -> random.nextInt(200) == 0 ? (random.nextBoolean() ? SPECIAL[random.nextInt(SPECIAL.length)]
                        : decimal(random, decimals, magnitude * 1e6)) : decimal(random, decimals, magnitude) / 1e3;
                case 1 -> i > 0 && random.nextInt(run) > 0 ? values[i - 1] : few[random.nextInt(few.length)];
                case 2 -> random.nextInt(100) == 0 ? decimal(random, decimals, magnitude * 1e4)
                        : (walk = Double.parseDouble(Double.toString(
                                Math.rint((walk + step * (random.nextInt(7) - 3)) * Math.pow(10, decimals)) / Math.pow(10, decimals))));
                default -> random.nextInt(100) == 0 ? Double.longBitsToDouble(random.nextLong()) : base + random.nextDouble() * magnitude / 7;
            };
        }
        return values;
    }

    /** A value with {@code decimals} digits after the point, as a reading's value parsed from text would be. */
    static double decimal(Random random, int decimals, double magnitude) {
        double scaled = Math.rint((random.nextDouble() * 2 - 1) * magnitude * Math.pow(10, decimals));
        return Double.parseDouble(Double.toString(scaled / Math.pow(10, decimals)));
    }
}
