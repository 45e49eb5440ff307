package io.bucketry.application.port.in;

import io.bucketry.domain.Quote;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The forms of a range bound beyond ISO-8601 and epoch milliseconds, as Grafana and InfluxDB users type
 * them: {@code now}; now moved by a whole number of a unit, {@code now-1h}, {@code now+30m}, or before now
 * without the word, {@code -1h} (units {@code ms s m h d w}; a day is 24 hours, a week 7 days); a day,
 * {@code 2026-12-03}, which is its start in UTC; epoch seconds or milliseconds with their unit,
 * {@code 1764720000s}, {@code 1764720000000ms}.
 */
final class BoundText {

    /** The absolute forms, for messages. */
    static final String ABSOLUTE = "ISO-8601 with a zone offset (2026-07-21T23:00:10Z), a day (2026-07-21, its start"
            + " in UTC), epoch milliseconds (1784674810000) or epoch seconds with their unit (1784674810s)";

    private static final String FORMS = "time %s is none of: " + ABSOLUTE
            + ", now, or a time relative to now (now-1h, now+30m, -1h; units ms, s, m, h, d, w)";
    private static final Pattern RELATIVE = Pattern.compile("(now)?([+-])(\\d+)(ms|s|m|h|d|w)");
    private static final Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern EPOCH = Pattern.compile("(\\d+)(ms|s)");
    private static final Map<String, Long> UNIT_MILLIS = Map.of("ms", 1L, "s", 1_000L, "m", 60_000L,
            "h", 3_600_000L, "d", 86_400_000L, "w", 604_800_000L);

    private BoundText() {
    }

    /** True for text this class reads (or refuses): anything but epoch milliseconds and ISO-8601 date-times. */
    static boolean isOwn(String text) {
        return !text.isEmpty() && !text.contains("T") && !text.matches("-?\\d+");
    }

    /** The bound {@code text} denotes; INVALID_TIME naming every accepted form when it is none of them. */
    static TimeBound read(String text) {
        if (text.equals("now")) {
            return TimeBound.fromNow(Duration.ZERO);
        }
        Matcher relative = RELATIVE.matcher(text);
        if (relative.matches() && (relative.group(1) != null || relative.group(2).equals("-"))) {
            long millis = millis(text, relative.group(3), relative.group(4));
            return TimeBound.fromNow(Duration.ofMillis(relative.group(2).equals("-") ? -millis : millis));
        }
        if (DAY.matcher(text).matches()) {
            try {
                return TimeBound.of(LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant());
            } catch (DateTimeException e) {
                throw TimeInput.invalid("time " + Quote.of(text) + " is no day of the calendar");
            }
        }
        Matcher epoch = EPOCH.matcher(text);
        if (epoch.matches()) {
            return TimeBound.of(Instant.ofEpochMilli(millis(text, epoch.group(1), epoch.group(2))));
        }
        throw TimeInput.invalid(String.format(FORMS, Quote.of(text)));
    }

    private static long millis(String text, String amount, String unit) {
        try {
            return Math.multiplyExact(Long.parseLong(amount), UNIT_MILLIS.get(unit));
        } catch (NumberFormatException | ArithmeticException e) {
            throw TimeInput.invalid("time " + Quote.of(text) + " is out of the range of epoch milliseconds");
        }
    }
}
