package io.bucketry.bootstrap.config;

import io.bucketry.domain.DurationText;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations written as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 90d} or ISO-8601 ({@code PT5M}). */
public final class Durations {

    /** What a duration may look like, for error messages. */
    public static final String ALLOWED = "a duration such as 500ms, 30s, 5m, 1h, 90d or ISO-8601 PT5M";

    private static final Pattern SHORT = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)");

    private Durations() {
    }

    /** The duration {@code text} denotes; IllegalArgumentException naming {@link #ALLOWED} otherwise. */
    public static Duration parse(String text) {
        String value = text == null ? "" : text.strip();
        Matcher matcher = SHORT.matcher(value);
        if (matcher.matches()) {
            long amount = Long.parseLong(matcher.group(1));
            return switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        if (value.length() > 1 && (value.charAt(0) == 'P' || value.charAt(0) == 'p')) {
            try {
                return Duration.parse(value);
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new IllegalArgumentException("expected " + ALLOWED);
            }
        }
        throw new IllegalArgumentException("expected " + ALLOWED);
    }

    /** A duration that must be positive and a whole number of milliseconds. */
    public static Duration parsePositive(String text) {
        Duration duration = parseNonNegative(text);
        if (duration.isZero()) {
            throw new IllegalArgumentException("expected a positive " + ALLOWED.substring(2) + " (0 is not allowed here)");
        }
        return duration;
    }

    /** A duration that must not be negative and must be a whole number of milliseconds. */
    public static Duration parseNonNegative(String text) {
        Duration duration = parse(text);
        if (duration.isNegative()) {
            throw new IllegalArgumentException("expected a duration that is not negative, " + ALLOWED.substring(2));
        }
        if (duration.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("expected whole milliseconds, " + ALLOWED.substring(2));
        }
        return duration;
    }

    /** The form every message and report writes: {@link DurationText#of}, the project's one formatter. */
    public static String format(Duration duration) {
        return DurationText.of(duration);
    }
}
