package io.bucketry.tools.check;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock that stands still until moved: the retention check sets it ahead of the readings. */
final class SettableClock extends Clock {

    private volatile Instant now;

    SettableClock(Instant now) {
        this.now = now;
    }

    void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a check clock is UTC only");
    }
}
