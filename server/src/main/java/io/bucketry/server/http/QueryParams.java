package io.bucketry.server.http;

import io.bucketry.application.port.in.TimeBound;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.Quote;
import io.bucketry.server.json.Statistic;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/** Reads query and path parameters with the same rules as the rest of Bucketry (times via {@link TimeInput}). */
final class QueryParams {

    private QueryParams() {
    }

    /** The optional {@code from} and {@code to} of a query ({@link #time}). */
    static TimeBounds range(Context ctx) {
        return new TimeBounds(time(ctx, "from"), time(ctx, "to"));
    }

    /**
     * An optional range bound ({@code from}, {@code to}) as {@link TimeInput#bound} reads it: ISO-8601
     * (sub-millisecond fractions kept, for the range to round up), epoch milliseconds, a day, epoch seconds
     * with their unit, or relative to now, which the use case resolves at its one instant; INVALID_TIME
     * otherwise. Bounds hold no spaces, so a space is an unencoded {@code +} ({@code +02:00}, {@code now+1h})
     * and is read as one.
     */
    static TimeBound time(Context ctx, String name) {
        String text = ctx.queryParam(name);
        return text == null || text.isBlank() ? null : TimeInput.bound(text.strip().replace(' ', '+'));
    }

    /** An optional window size in the configuration's duration syntax ({@code 5m}, {@code PT5M}). */
    static Duration window(Context ctx, Duration fallback) {
        String text = ctx.queryParam("window");
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            return Durations.parsePositive(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_WINDOW", "window " + Quote.of(text) + ": " + e.getMessage());
        }
    }

    /**
     * The optional {@code fill} ({@code none}, {@code null}, {@code previous}, {@code linear}; default none) and
     * {@code maxGap} (a duration) of an aggregation: INVALID_FILL or INVALID_MAX_GAP when they are not.
     */
    static GapFill fill(Context ctx) {
        String mode = ctx.queryParam("fill");
        String gap = ctx.queryParam("maxGap");
        FillMode fillMode;
        try {
            fillMode = mode == null || mode.isBlank() ? FillMode.NONE : FillMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_FILL", e.getMessage());
        }
        Duration maxGap = null;
        if (gap != null && !gap.isBlank()) {
            try {
                maxGap = Durations.parse(gap);   // a negative or sub-millisecond one is refused by GapFill
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("INVALID_MAX_GAP", "maxGap " + Quote.of(gap) + ": " + e.getMessage());
            }
        }
        try {
            return new GapFill(fillMode, maxGap);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_MAX_GAP", e.getMessage());
        }
    }

    /**
     * Whether the answer is asked for in columns: {@code format=columns}; {@code rows} (the default, also when
     * absent or blank) answers rows; INVALID_FORMAT otherwise.
     */
    static boolean columns(Context ctx) {
        String text = ctx.queryParam("format");
        if (text == null || text.isBlank() || text.strip().equalsIgnoreCase("rows")) {
            return false;
        }
        if (text.strip().equalsIgnoreCase("columns")) {
            return true;
        }
        throw ApiException.badRequest("INVALID_FORMAT", "format " + Quote.of(text) + " is not one of rows, columns");
    }

    /**
     * The statistics of each field an aggregate answers, {@code stats} a comma-separated list of count, min, max,
     * sum, avg, first, last, repeated or not (every one when absent or blank); INVALID_STATS naming what is not one.
     */
    static Set<Statistic> stats(Context ctx) {
        try {
            List<String> lists = ctx.queryParams("stats");   // stats=avg&stats=max names both, as stats=avg,max
            return Statistic.parse(lists.isEmpty() ? null : String.join(",", lists));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_STATS", e.getMessage());
        }
    }

    /** An optional whole number query parameter; {@code code} when it is not one. */
    static Long number(Context ctx, String name, String code) {
        String text = ctx.queryParam(name);
        return text == null || text.isBlank() ? null : parse(text, name, code);
    }

    /** A whole number path parameter, called {@code label} in messages; {@code code} when it is not one. */
    static long pathNumber(Context ctx, String name, String label, String code) {
        return parse(ctx.pathParam(name), label, code);
    }

    private static long parse(String text, String name, String code) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(code, name + " " + Quote.of(text) + (text.strip().matches("[-+]?\\d+")
                    ? " is a whole number out of range" : " is not a whole number"));
        }
    }

    /** True when {@code text} is only digits but too large for a long (so past any last page, say). */
    static boolean overflowsLong(String param) {
        String text = param.strip();
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        try {
            Long.parseLong(text);
            return false;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** {@code value} as an int, or {@code code} naming the parameter when it does not fit. */
    static int toInt(long value, String name, String code) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw ApiException.badRequest(code, name + " " + value + " is too large");
        }
        return (int) value;
    }
}
