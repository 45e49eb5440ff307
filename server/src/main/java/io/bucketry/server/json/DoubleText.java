package io.bucketry.server.json;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;

import java.nio.charset.StandardCharsets;

/**
 * Writes finite doubles as JSON numbers in the shortest decimal text that reads back to the same double, in
 * {@link Double#toString}'s form ({@code 21.37}, {@code 1013.0}, {@code 0.005}, {@code 1.0E-5}): a value
 * with at most {@value #MAX_DIGITS} significant digits in plain range straight from its digits into a buffer,
 * every other one by Schubfach (Jackson's {@link DoubleToDecimal}, which JDK 17's {@code Double.toString}
 * predates); the caller writes a value that is not finite.
 */
final class DoubleText {

    /** The most significant digits of a value written from its digits: each then has one nearest decimal of that length. */
    static final int MAX_DIGITS = 14;
    private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
        1e14, 1e15, 1e16, 1e17};
    private static final double LIMIT = 1e14;

    private DoubleText() {
    }

    /**
     * Appends finite {@code value} as ASCII at {@code at} of {@code into}, which has room for 32 more bytes; answers
     * the end.
     */
    static int append(double value, byte[] into, int at) {
        int end = plain(value, into, at);
        if (end > at) {
            return end;
        }
        String text = DoubleToDecimal.toString(value);
        for (int i = 0; i < text.length(); i++) {
            into[at + i] = (byte) text.charAt(i);
        }
        return at + text.length();
    }

    /** The text {@link #append} gives finite {@code value}. */
    static String of(double value) {
        byte[] bytes = new byte[32];
        return new String(bytes, 0, append(value, bytes, 0), StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code value} in plain notation into {@code into} when it lies in {@code [0.001, 10^7)} (where
     * {@link Double#toString} writes plain digits) and some decimal of at most {@link #MAX_DIGITS} digits reads
     * back to it: the fewest fraction digits {@code k} whose nearest decimal {@code m / 10^k} reads back, which
     * is the shortest; answers where it ends, or {@code at} when it does neither.
     */
    static int plain(double value, byte[] into, int at) {
        double magnitude = Math.abs(value);
        if (!(magnitude >= 1e-3 && magnitude < 1e7)) {
            return at;
        }
        for (int k = 0; k < POWERS.length; k++) {
            double scaled = magnitude * POWERS[k];
            if (scaled >= LIMIT) {
                return at;
            }
            double digits = Math.rint(scaled);
            // both exact doubles: the quotient is the double nearest m / 10^k, the one that text reads back to
            if (digits / POWERS[k] == magnitude) {
                return format(value < 0, (long) digits, k, into, at);
            }
        }
        return at;
    }

    /** Writes {@code digits / 10^fraction} with at least one digit on each side of the point. */
    private static int format(boolean negative, long digits, int fraction, byte[] into, int from) {
        int at = from;
        if (negative) {
            into[at++] = '-';
        }
        long unit = 1;
        for (int i = 0; i < fraction; i++) {
            unit *= 10;
        }
        at = digitsOf(digits / unit, into, at);
        into[at++] = '.';
        if (fraction == 0) {
            into[at++] = '0';
            return at;
        }
        long rest = digits % unit;
        for (long place = unit / 10; place > 0; place /= 10) {
            into[at++] = (byte) ('0' + rest / place);
            rest %= place;
        }
        return at;
    }

    private static int digitsOf(long number, byte[] into, int at) {
        int count = 1;
        for (long rest = number / 10; rest > 0; rest /= 10) {
            count++;
        }
        long rest = number;
        for (int i = at + count - 1; i >= at; i--) {
            into[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return at + count;
    }
}
