package io.bucketry.application.port.in;

import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Quote;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The one rule for times given as input: an {@link Instant}, epoch milliseconds (an integral
 * number, or text of digits), or ISO-8601 text with a zone offset ({@code 2026-07-21T23:00:10Z},
 * {@code 2026-07-21T23:00:10.123456+02:00}). A reading's time truncates fractions finer than a
 * millisecond ({@link #parse}); a range bound keeps them ({@link #parseBound}), for the range to round up,
 * and may also be written as a day, as epoch seconds with their unit, or relative to now ({@link #bound},
 * {@link BoundText}).
 */
public final class TimeInput {

    /**
     * The time of a reading sent without one (a line-protocol line without a timestamp): the ingest
     * use case gives it the instant it reads once per batch, the one it checks retention against.
     */
    public static final Object AT_INGEST = new Object() {
        @Override
        public String toString() {
            return "the time of the ingest";
        }
    };

    /** Epoch seconds of any time since 1971 read as milliseconds fall before this. */
    private static final Instant EPOCH_SECONDS_END = Instant.parse("1971-01-01T00:00:00Z");
    /** A range bound in 1970 at least this many milliseconds after the epoch is refused as epoch seconds (from 2001). */
    private static final long SECONDS_OF_2001 = 1_000_000_000L;
    private static final BigDecimal MIN_MILLIS = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal MAX_MILLIS = BigDecimal.valueOf(Long.MAX_VALUE);

    private TimeInput() {
    }

    /** The instant {@code value} denotes, truncated to milliseconds; INVALID_TIME otherwise. */
    public static Instant parse(Object value) {
        return parse(value, false);
    }

    /**
     * The absolute range bound {@code value} denotes, keeping any fraction finer than a millisecond: as
     * {@link #parse}, or text in a form of {@link BoundText} that is not relative to now; INVALID_TIME otherwise,
     * and for a whole number of milliseconds that looks like epoch seconds.
     */
    public static Instant parseBound(Object value) {
        TimeBound bound = bound(value);
        if (bound instanceof TimeBound.Relative) {
            throw invalid("time " + Quote.of(value.toString().strip()) + " is relative to now; here a time is absolute: "
                    + BoundText.ABSOLUTE);
        }
        return bound.at(null);
    }

    /**
     * The range bound {@code value} denotes: an {@link Instant} or a number as {@link #parse} takes them, or text
     * as {@link BoundText} reads it; INVALID_TIME otherwise, and for a whole number of milliseconds that looks
     * like epoch seconds from 2001 on (1,000,000,000 to 31,535,999,999: in 1970 as milliseconds, a time no bound
     * means).
     */
    public static TimeBound bound(Object value) {
        if (value instanceof CharSequence text && BoundText.isOwn(text.toString().strip())) {
            return BoundText.read(text.toString().strip());
        }
        Instant instant = parse(value, true);
        boolean epochForm = value instanceof Number || value instanceof CharSequence text && isInteger(text.toString().strip());
        if (epochForm && instant.toEpochMilli() >= SECONDS_OF_2001 && looksLikeEpochSeconds(instant)) {
            String shown = value instanceof CharSequence text ? text.toString().strip() : Quote.number((Number) value);
            throw invalid("time " + shown + " looks like epoch seconds; times in epoch form are milliseconds: write "
                    + shown + "s for seconds");
        }
        return TimeBound.of(instant);
    }

    /**
     * True for an instant in 1970 after the epoch: epoch seconds of any time since 1971 read as milliseconds.
     */
    public static boolean looksLikeEpochSeconds(Instant time) {
        return time.toEpochMilli() > 0 && time.isBefore(EPOCH_SECONDS_END);
    }

    private static Instant parse(Object value, boolean keepNanos) {
        if (value instanceof Instant instant) {
            return checked(instant, keepNanos);
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Instant.ofEpochMilli(((Number) value).longValue());
        }
        if (value instanceof BigInteger || value instanceof BigDecimal || value instanceof Double || value instanceof Float) {
            return fromNumber((Number) value);
        }
        if (value instanceof CharSequence text) {
            return parseText(text.toString().strip(), keepNanos);
        }
        if (value == null) {
            throw invalid("time is missing");
        }
        throw invalid("time is " + (value instanceof Boolean ? "a boolean" : "of type " + value.getClass().getSimpleName())
                + "; expected ISO-8601 text or epoch milliseconds");
    }

    private static Instant fromNumber(Number number) {
        BigDecimal decimal;
        try {
            decimal = number instanceof BigDecimal d ? d : new BigDecimal(number.toString());
        } catch (NumberFormatException e) {
            throw invalid("time " + Quote.number(number) + " is not a whole number of epoch milliseconds");
        }
        if (decimal.signum() != 0 && decimal.stripTrailingZeros().scale() > 0) {
            throw invalid("time " + Quote.number(number) + " is not a whole number of epoch milliseconds");
        }
        if (decimal.compareTo(MIN_MILLIS) < 0 || decimal.compareTo(MAX_MILLIS) > 0) {
            throw outOfRange(Quote.number(number));
        }
        return Instant.ofEpochMilli(decimal.longValue());
    }

    private static Instant parseText(String text, boolean keepNanos) {
        if (text.isEmpty()) {
            throw invalid("time is empty");
        }
        if (isInteger(text)) {
            try {
                return Instant.ofEpochMilli(Long.parseLong(text));
            } catch (NumberFormatException e) {
                throw outOfRange(Quote.of(text));
            }
        }
        try {
            return checked(OffsetDateTime.parse(text).toInstant(), keepNanos);
        } catch (DateTimeParseException e) {
            throw invalid("time " + Quote.of(text)
                    + " is neither ISO-8601 with a zone offset (2026-07-21T23:00:10Z) nor epoch milliseconds");
        }
    }

    /** {@code instant}, truncated unless {@code keepNanos}; INVALID_TIME outside epoch milliseconds either way. */
    private static Instant checked(Instant instant, boolean keepNanos) {
        Instant truncated = Reading.truncate(instant);
        return keepNanos ? instant : truncated;
    }

    private static boolean isInteger(String text) {
        int start = text.charAt(0) == '-' ? 1 : 0;
        if (start == text.length()) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static InvalidReadingException outOfRange(String shown) {
        return invalid("time " + shown + " is a whole number out of the range of epoch milliseconds (a 64-bit integer)");
    }

    static InvalidReadingException invalid(String message) {
        return new InvalidReadingException(RejectionReason.INVALID_TIME, message);
    }
}
