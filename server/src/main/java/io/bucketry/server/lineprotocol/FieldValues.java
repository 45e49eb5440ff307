package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.nio.charset.StandardCharsets;

/**
 * Line-protocol field values as Bucketry values: floats as doubles, integers ({@code 12i}) and
 * unsigned integers ({@code 12u}) as longs when a double holds them exactly (|v| ≤ 2^53, refused
 * otherwise), booleans (t T true True TRUE f F false False FALSE) as 1 and 0.
 */
final class FieldValues {

    static final long EXACT_LIMIT = 1L << 53;
    private static final int NOT_A_BOOLEAN = -1;
    private static final double[] POWERS = new double[23];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;   // exact up to 1e22
        }
    }

    private FieldValues() {
    }

    /** The value of the unquoted token {@code b[s, e)} of field {@code name}, as the double a number field holds. */
    static double value(byte[] b, int s, int e, String name) {
        byte last = b[e - 1];
        if (last == 'i' && e - s > 1) {
            return exact(integer(b, s, e - 1, true, name), name, "integer");
        }
        if (last == 'u' && e - s > 1) {
            return exact(integer(b, s, e - 1, false, name), name, "unsigned integer");
        }
        int bool = bool(b, s, e);
        return bool != NOT_A_BOOLEAN ? bool : floating(b, s, e, name);
    }

    private static long exact(long value, String name, String kind) {
        if (value > EXACT_LIMIT || value < -EXACT_LIMIT) {
            throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": " + kind + " " + value
                    + " is beyond ±2^53 (" + EXACT_LIMIT + "), the range a number field holds exactly");
        }
        return value;
    }

    private static long integer(byte[] b, int s, int e, boolean signed, String name) {
        int i = s;
        boolean negative = signed && b[i] == '-';
        if (negative) {
            i++;
        }
        if (i == e) {
            throw notANumber(b, s, e + 1, name);
        }
        long value = 0;
        for (; i < e; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw notANumber(b, s, e + 1, name);
            }
            if (value > (Long.MAX_VALUE - d) / 10) {
                throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": "
                        + text(b, s, e + 1) + " is beyond ±2^53 (" + EXACT_LIMIT + "), the range a number field holds exactly");
            }
            value = value * 10 + d;
        }
        return negative ? -value : value;
    }

    /** 1 for true, 0 for false, {@link #NOT_A_BOOLEAN} for any other token. */
    private static int bool(byte[] b, int s, int e) {
        int n = e - s;
        byte c = b[s];
        if (n == 1) {
            return c == 't' || c == 'T' ? 1 : c == 'f' || c == 'F' ? 0 : NOT_A_BOOLEAN;
        }
        if (n == 4 && (c == 't' || c == 'T')) {
            String t = text(b, s, e);
            return t.equals("true") || t.equals("True") || t.equals("TRUE") ? 1 : NOT_A_BOOLEAN;
        }
        if (n == 5 && (c == 'f' || c == 'F')) {
            String t = text(b, s, e);
            return t.equals("false") || t.equals("False") || t.equals("FALSE") ? 0 : NOT_A_BOOLEAN;
        }
        return NOT_A_BOOLEAN;
    }

    /**
     * {@code [+-]digits[.digits][(e|E)[+-]digits]} (either digit run may be empty, not both); exact fast path for
     * short ones. A literal a double cannot hold (non-zero digits that would become 0, or beyond its range) is
     * refused, as the JSON route refuses it: never stored altered.
     */
    private static double floating(byte[] b, int s, int e, String name) {
        int i = s;
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int fraction = 0;
        for (; i < e && b[i] >= '0' && b[i] <= '9'; i++, digits++) {
            mantissa = mantissa * 10 + (b[i] - '0');
        }
        if (i < e && b[i] == '.') {
            for (i++; i < e && b[i] >= '0' && b[i] <= '9'; i++, digits++, fraction++) {
                mantissa = mantissa * 10 + (b[i] - '0');
            }
        }
        if (digits == 0) {
            throw notANumber(b, s, e, name);
        }
        int exponent = 0;
        if (i < e && (b[i] == 'e' || b[i] == 'E')) {
            int start = ++i;
            boolean negativeExponent = i < e && b[i] == '-';
            if (i < e && (b[i] == '-' || b[i] == '+')) {
                start = ++i;
            }
            for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
                exponent = Math.min(exponent * 10 + (b[i] - '0'), 100_000);   // saturates: far past any double
            }
            if (i == start) {
                throw notANumber(b, s, e, name);
            }
            exponent = negativeExponent ? -exponent : exponent;
        }
        if (i != e) {
            throw notANumber(b, s, e, name);
        }
        int scale = exponent - fraction;
        if (digits <= 15 && scale >= -22 && scale <= 22) {
            double value = scale >= 0 ? mantissa * POWERS[scale] : mantissa / POWERS[-scale];
            if (Double.isFinite(value)) {
                return negative ? -value : value;
            }
        }
        String text = text(b, s, e);
        double value = Double.parseDouble(text);   // the grammar is checked: long or far-scaled digits
        if (!Double.isFinite(value)) {
            throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": " + text
                    + " is beyond the range of a double");
        }
        if (value == 0 && hasNonZeroDigit(b, s, e)) {
            throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": " + text
                    + " is too close to zero for a double: it would be stored as 0");
        }
        return value;
    }

    /** True when the digits before any exponent are not all zero (so a zero double lost the value). */
    private static boolean hasNonZeroDigit(byte[] b, int s, int e) {
        for (int i = s; i < e && b[i] != 'e' && b[i] != 'E'; i++) {
            if (b[i] >= '1' && b[i] <= '9') {
                return true;
            }
        }
        return false;
    }

    private static LineError notANumber(byte[] b, int s, int e, String name) {
        return new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": " + text(b, s, e)
                + " is not a line-protocol value (float 1.5, integer 1i, unsigned 1u, boolean true/false, or \"text\")");
    }

    static String text(byte[] b, int s, int e) {
        return new String(b, s, e - s, StandardCharsets.UTF_8);
    }
}
