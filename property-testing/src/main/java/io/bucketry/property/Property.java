package io.bucketry.property;

import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Runs a property on random inputs, each try from its own seed. A failure names the try, its seed
 * and its inputs; {@code -Dbucketry.seed=<seed>} reruns exactly that try and nothing else.
 */
public final class Property {

    /** The system property that pins the seed of the one try to run. */
    public static final String SEED = "bucketry.seed";

    private Property() {
    }

    /** Checks {@code property} on {@code tries} tries, or on the one try that {@value #SEED} names. */
    public static void forAll(int tries, Consumer<Draws> property) {
        if (tries < 1) {
            throw new IllegalArgumentException("tries " + tries + " is not positive");
        }
        String pinned = System.getProperty(SEED, "").strip();
        if (!pinned.isEmpty()) {
            check(property, Long.parseLong(pinned), "the pinned try");
            return;
        }
        SplittableRandom seeds = new SplittableRandom();
        for (int i = 1; i <= tries; i++) {
            check(property, seeds.nextLong(), "try " + i + " of " + tries);
        }
    }

    private static void check(Consumer<Draws> property, long seed, String which) {
        Draws draws = new Draws(seed);
        try {
            property.accept(draws);
        } catch (AssertionError | RuntimeException failure) {
            throw new AssertionError("property failed on " + which + ", seed " + seed
                    + " (rerun just this input with -D" + SEED + "=" + seed + "): " + failure.getMessage()
                    + "\ninputs:\n" + draws.describe(), failure);
        }
    }
}
