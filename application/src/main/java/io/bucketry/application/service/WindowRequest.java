package io.bucketry.application.service;

import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.TimeRange;

import java.time.Duration;
import java.time.Instant;

/**
 * What every aggregate service settles before it asks its store: the request's one instant {@code now} and the
 * range its bounds resolve to there ({@code range} null when nothing of it is answerable), after the window and the
 * fill were checked against the bounds (INVALID_WINDOW, INVALID_FILL).
 */
record WindowRequest(Instant now, TimeRange range) {

    static WindowRequest of(WindowRanges ranges, QueryRange raw, TimeBounds bounds, Duration window, GapFill fill) {
        QueryRange.windowMillis(window);
        Instant now = raw.now();
        Instant from = bounds.from(now);
        Instant to = bounds.to(now);
        GapFilling.check(fill, from, to, window);
        return new WindowRequest(now, ranges.resolve(from, to, window, now));
    }
}
