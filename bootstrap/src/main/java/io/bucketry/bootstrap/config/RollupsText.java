package io.bucketry.bootstrap.config;

import io.bucketry.domain.DurationText;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The text form of the {@code rollups} key, as an environment variable or flag gives it:
 * {@code 1h:2y,1d:10y} (window:retention, comma-separated) or {@code none}. A configuration file may
 * also give the list form {@code [{window: 1h, retention: 2y}]}, which is read into this form.
 * Durations are those of every key, plus years ({@code 2y} = 730 days).
 */
public final class RollupsText {

    /** What the key accepts, for messages. */
    public static final String ALLOWED = "none, or tiers as window:retention separated by commas, such as 1h:2y,1d:10y"
            + " (in a file also a list such as [{window: 1h, retention: 2y}]); each window whole minutes and a multiple"
            + " of each smaller one, each retention at least the retention of the readings";

    private static final Pattern YEARS = Pattern.compile("(\\d{1,4})y");

    private RollupsText() {
    }

    public static RollupTiers parse(String text) {
        String value = text == null ? "" : text.strip();
        if (value.isEmpty() || value.equalsIgnoreCase("none")) {
            return RollupTiers.none();
        }
        List<RollupTier> tiers = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String[] sides = part.strip().split(":", -1);
            if (sides.length != 2) {
                throw new IllegalArgumentException("rollup '" + part.strip() + "' is not window:retention, such as 1h:2y");
            }
            tiers.add(new RollupTier(duration("window", sides[0]), duration("retention", sides[1])));
        }
        return new RollupTiers(tiers);
    }

    /** The text {@link #parse} reads back; {@code none} without tiers. */
    public static String format(RollupTiers tiers) {
        return tiers.isEmpty() ? "none" : tiers.tiers().stream()
                .map(t -> DurationText.of(t.window()) + ":" + DurationText.of(t.retention())).collect(Collectors.joining(","));
    }

    /** One tier of a file's list form as text: {@code window:retention}. */
    public static String tier(String window, String retention) {
        return window + ":" + retention;
    }

    private static Duration duration(String what, String text) {
        Matcher years = YEARS.matcher(text.strip());
        if (years.matches()) {
            return Duration.ofDays(365L * Long.parseLong(years.group(1)));
        }
        try {
            return Durations.parsePositive(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("rollup " + what + " '" + text.strip() + "': " + e.getMessage() + " or years such as 2y");
        }
    }
}
