package io.bucketry.tools.simulate;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The "now" of a store that simulate fills with a stream older than the wall clock: it stands at the
 * latest reading handed to the store so far, so that admission, sealing, retention and tier expiry
 * see the stream as a live service would have seen it; it only moves forward.
 */
final class StreamClock extends Clock {

    private volatile long nowMillis;

    StreamClock(Instant start) {
        this.nowMillis = start.toEpochMilli();
    }

    /** Moves "now" to {@code time} when that is later. */
    void follow(Instant time) {
        nowMillis = Math.max(nowMillis, time.toEpochMilli());
    }

    @Override
    public long millis() {
        return nowMillis;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(nowMillis);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a stream clock is UTC only");
    }
}
