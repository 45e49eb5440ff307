package io.bucketry.application.port.in;

import io.bucketry.domain.DurationText;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.RejectionReason;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One end of a requested range as the request gave it: an instant, or an offset from the request's
 * instant ({@code now}, {@code now-1h}), which only the use case that reads the clock resolves, so
 * that a relative bound and the retention edge are taken at the same instant. Read from text by
 * {@link TimeInput#bound}.
 */
public sealed interface TimeBound {

    /** The instant this bound denotes for a request whose instant is {@code now}. */
    Instant at(Instant now);

    /** {@code instant} as a bound; null for null (no bound). */
    static TimeBound of(Instant instant) {
        return instant == null ? null : new Absolute(instant);
    }

    /** The request's instant moved by {@code offset} (negative: before it). */
    static TimeBound fromNow(Duration offset) {
        return new Relative(offset);
    }

    /** A bound that is an instant whatever the request's instant. */
    record Absolute(Instant instant) implements TimeBound {

        public Absolute {
            Objects.requireNonNull(instant, "instant");
        }

        @Override
        public Instant at(Instant now) {
            return instant;
        }

        @Override
        public String toString() {
            return instant.toString();
        }
    }

    /** The request's instant moved by whole milliseconds, written as it is typed: {@code now}, {@code now-1h}. */
    record Relative(Duration offset) implements TimeBound {

        public Relative {
            Objects.requireNonNull(offset, "offset");
            try {
                offset.toMillis();   // an offset beyond a long of milliseconds fails here, not at every request
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("offset " + offset + " is beyond a long of milliseconds");
            }
        }

        /** @throws InvalidReadingException INVALID_TIME when the instant falls outside epoch milliseconds */
        @Override
        public Instant at(Instant now) {
            try {
                Math.addExact(now.toEpochMilli(), offset.toMillis());
            } catch (ArithmeticException e) {
                throw new InvalidReadingException(RejectionReason.INVALID_TIME,
                        "time " + this + " is out of the range of epoch milliseconds");
            }
            return now.plus(offset);
        }

        @Override
        public String toString() {
            return offset.isZero() ? "now" : "now" + (offset.isNegative() ? "" : "+") + DurationText.of(offset);
        }
    }
}
