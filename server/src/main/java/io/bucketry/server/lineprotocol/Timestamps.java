package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.time.Instant;
import java.util.Locale;

/** Line-protocol timestamps: a signed integer count of the request's precision since the epoch. */
final class Timestamps {

    private Timestamps() {
    }

    static Instant instant(byte[] b, int s, int e, Precision precision) {
        int i = s;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        if (i == e) {
            throw notAnInteger(b, s, e);
        }
        long value = 0;
        for (; i < e; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw notAnInteger(b, s, e);
            }
            if (value > (Long.MAX_VALUE - d) / 10) {
                throw new LineError(RejectionReason.INVALID_TIME, "timestamp " + FieldValues.text(b, s, e)
                        + " is beyond the range of a 64-bit integer");
            }
            value = value * 10 + d;
        }
        try {
            return precision.instant(negative ? -value : value);
        } catch (ArithmeticException ex) {
            throw new LineError(RejectionReason.INVALID_TIME, "timestamp " + FieldValues.text(b, s, e) + " in "
                    + precision.name().toLowerCase(Locale.ROOT) + " is beyond the range of time");
        }
    }

    private static LineError notAnInteger(byte[] b, int s, int e) {
        return new LineError(RejectionReason.INVALID_TIME, "timestamp " + FieldValues.text(b, s, e)
                + " is not an integer (a count of the precision's unit since 1970-01-01T00:00:00Z)");
    }
}
