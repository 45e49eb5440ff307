package io.bucketry.application.contract;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test clock that moves one millisecond on every read, as a real clock does between two reads a
 * millisecond apart: code that reads the present twice for one request sees two instants.
 */
public final class TickingClock extends Clock {

    private final AtomicLong millis;

    public TickingClock(Instant start) {
        this.millis = new AtomicLong(start.toEpochMilli());
    }

    /** Moves the clock to {@code instant}: the next read answers it. */
    public void set(Instant instant) {
        millis.set(instant.toEpochMilli());
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.getAndIncrement());
    }

    @Override
    public long millis() {
        return millis.getAndIncrement();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a ticking clock has one zone, UTC");
    }
}
