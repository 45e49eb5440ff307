package io.bucketry.adapter.mongo.common.layout;

import java.time.Duration;

/** Durations as a user writes them in the configuration: {@code 90d}, {@code 1h}, {@code 30m}, {@code 45s}, {@code 250ms}. */
public final class LayoutText {

    private LayoutText() {
    }

    /** The shortest exact form in one unit: {@code 90d}, {@code 90m}, {@code 1500ms}. */
    public static String duration(Duration duration) {
        long millis = duration.toMillis();
        long[] units = {86_400_000L, 3_600_000L, 60_000L, 1_000L};
        String[] names = {"d", "h", "m", "s"};
        for (int i = 0; i < units.length; i++) {
            if (millis != 0 && millis % units[i] == 0) {
                return millis / units[i] + names[i];
            }
        }
        return millis + "ms";
    }
}
