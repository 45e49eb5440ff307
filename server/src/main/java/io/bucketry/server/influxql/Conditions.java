package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Expr.Binary;
import io.bucketry.server.influxql.Expr.Op;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * A WHERE clause split as InfluxDB reads it: conditions on {@code time} joined by AND make an inclusive
 * range of nanoseconds, the rest is a condition on tags ({@link TagMatcher}).
 *
 * @param min the earliest time, inclusive ({@link Long#MIN_VALUE}: none given)
 * @param max the latest time, inclusive ({@link Long#MAX_VALUE}: none given)
 * @param tags the condition on tags, or null for every series
 */
record Conditions(long min, long max, Expr tags) {

    static final long UNBOUNDED_MIN = Long.MIN_VALUE;
    static final long UNBOUNDED_MAX = Long.MAX_VALUE;

    boolean hasMin() {
        return min != UNBOUNDED_MIN;
    }

    boolean hasMax() {
        return max != UNBOUNDED_MAX;
    }

    /** Splits {@code where} (null: no condition), with {@code now()} as {@code nowNanos}. */
    static Conditions of(Expr where, long nowNanos) {
        long[] range = {UNBOUNDED_MIN, UNBOUNDED_MAX};
        Expr tags = where == null ? null : split(where, range, nowNanos);
        return new Conditions(range[0], range[1], tags);
    }

    /** Takes the time conditions out of {@code expr} into {@code range}; the rest, or null when nothing remains. */
    private static Expr split(Expr expr, long[] range, long now) {
        if (expr instanceof Binary b && b.op() == Op.AND) {
            Expr left = split(b.left(), range, now);
            Expr right = split(b.right(), range, now);
            return left == null ? right : right == null ? left : new Binary(Op.AND, left, right);
        }
        if (expr instanceof Binary b && b.op().compares() && (isTime(b.left()) || isTime(b.right()))) {
            boolean timeLeft = isTime(b.left());
            long value = timeValue(timeLeft ? b.right() : b.left(), now);
            Op op = timeLeft ? b.op() : mirrored(b.op());
            bound(op, value, range);
            return null;
        }
        if (mentionsTime(expr)) {
            throw new QueryException("invalid time condition: join conditions on time with AND, never OR");
        }
        return expr;
    }

    private static void bound(Op op, long value, long[] range) {
        switch (op) {
            case GT -> range[0] = Math.max(range[0], value == Long.MAX_VALUE ? value : value + 1);
            case GTE -> range[0] = Math.max(range[0], value);
            case LT -> range[1] = Math.min(range[1], value == Long.MIN_VALUE ? value : value - 1);
            case LTE -> range[1] = Math.min(range[1], value);
            case EQ -> {
                range[0] = Math.max(range[0], value);
                range[1] = Math.min(range[1], value);
            }
            default -> throw new QueryException("invalid time comparison operator: " + op.text
                    + "; compare time with =, <, <=, > or >=");
        }
    }

    private static Op mirrored(Op op) {
        return switch (op) {
            case GT -> Op.LT;
            case GTE -> Op.LTE;
            case LT -> Op.GT;
            case LTE -> Op.GTE;
            default -> op;
        };
    }

    static boolean isTime(Expr expr) {
        return expr instanceof Expr.VarRef ref && ref.name().equalsIgnoreCase("time");
    }

    private static boolean mentionsTime(Expr expr) {
        return isTime(expr) || expr instanceof Binary b && (mentionsTime(b.left()) || mentionsTime(b.right()));
    }

    /**
     * A time in nanoseconds since the epoch: {@code now()}, an RFC 3339 string, a whole number of nanoseconds,
     * a duration since the epoch ({@code 1600000000000ms}), or sums and differences of these and durations.
     */
    static long timeValue(Expr expr, long now) {
        if (expr instanceof Expr.Call call && call.name().equals("now") && call.args().isEmpty()) {
            return now;
        }
        if (expr instanceof Expr.StringLit text) {
            return rfc3339(text.value());
        }
        if (expr instanceof Expr.IntegerLit integer) {
            return integer.value();
        }
        if (expr instanceof Expr.NumberLit number) {
            return (long) number.value();
        }
        if (expr instanceof Expr.DurationLit duration) {
            return duration.nanos();
        }
        if (expr instanceof Binary b && (b.op() == Op.ADD || b.op() == Op.SUB)) {
            long left = timeValue(b.left(), now);
            long right = timeValue(b.right(), now);
            try {
                return b.op() == Op.ADD ? Math.addExact(left, right) : Math.subtractExact(left, right);
            } catch (ArithmeticException e) {
                throw new QueryException("time overflows the range of nanoseconds since the epoch");
            }
        }
        throw new QueryException("invalid operation: time and " + describe(expr)
                + "; compare time with now(), an RFC 3339 string or an epoch with a unit (1600000000000ms)");
    }

    private static String describe(Expr expr) {
        return expr instanceof Expr.VarRef ref ? "*influxql.VarRef (" + ref.name() + ")"
                : expr instanceof Expr.Call call ? call.name() + "()" : expr.getClass().getSimpleName();
    }

    private static long rfc3339(String text) {
        try {
            java.time.Instant instant = text.length() == 10 ? java.time.LocalDate.parse(text).atStartOfDay()
                    .toInstant(java.time.ZoneOffset.UTC) : OffsetDateTime.parse(text.replace(' ', 'T')).toInstant();
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new QueryException("invalid time '" + text + "': use RFC 3339 (2026-07-21T23:00:10Z)");
        }
    }
}
