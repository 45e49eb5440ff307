package io.bucketry.app.cli;

import java.util.Locale;

/** A count and its noun as a reader expects them: "1 reading", "2,000 readings". */
final class Counted {

    private Counted() {
    }

    /** {@code count} with thousands separators and {@code noun}, plural unless the count is exactly one. */
    static String of(long count, String noun) {
        return String.format(Locale.ROOT, "%,d %s", count, count == 1 ? noun : plural(noun));
    }

    private static String plural(String noun) {
        return noun.endsWith("series") ? noun : noun + "s";   // the nouns of the commands' summaries
    }
}
