package io.bucketry.property;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The inputs of one try of a property: each is drawn by name, so a failure can show them all. */
public final class Draws {

    private static final int SHOWN_CHARACTERS = 4_000;

    private final Random random;
    private final List<String> drawn = new ArrayList<>();

    Draws(long seed) {
        this.random = new Random(seed);
    }

    /** The next value of {@code gen}, remembered under {@code name} for the failure message. */
    public <T> T draw(String name, Gen<T> gen) {
        T value = gen.next(random);
        drawn.add(name + " = " + shortened(String.valueOf(value)));
        return value;
    }

    /** Every input drawn so far, one per line. */
    String describe() {
        return String.join("\n", drawn);
    }

    private static String shortened(String text) {
        if (text.length() <= SHOWN_CHARACTERS) {
            return text;
        }
        return text.substring(0, SHOWN_CHARACTERS) + "… (" + (text.length() - SHOWN_CHARACTERS) + " more characters)";
    }
}
