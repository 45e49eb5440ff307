package io.bucketry.application.service;

import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.TimeRange;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * Aggregation ranges with rollup tiers: a start before the raw retention is moved up only to the
 * oldest window a tier that makes up the requested windows still answers (or, when none does, to
 * the oldest any tier answers, so that {@link SourcePlan} refuses what it cannot answer exactly
 * rather than silently dropping it). Without a start, the range begins at the raw retention, as
 * without tiers.
 */
public final class TieredRanges implements WindowRanges {

    private final QueryRange ranges;
    private final RollupTiers tiers;
    private final RetentionPolicy retention;

    public TieredRanges(QueryRange ranges, RollupTiers tiers, RetentionPolicy retention) {
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.tiers = Objects.requireNonNull(tiers, "tiers");
        this.retention = Objects.requireNonNull(retention, "retention");
    }

    @Override
    public TimeRange resolve(Instant from, Instant to, Duration window, Instant now) {
        QueryRange.windowMillis(window);
        Instant raw = retention.oldestKept(now);
        Instant tiered = tiers.oldestFor(window, now).orElseGet(() -> tiers.tiers().stream()
                .map(t -> t.oldestKept(now)).min(Comparator.naturalOrder()).orElse(raw));
        Instant oldest = tiered.isBefore(raw) ? tiered : raw;
        return ranges.resolve(from, to, from == null ? raw : oldest, now);
    }
}
