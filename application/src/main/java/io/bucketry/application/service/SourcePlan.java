package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.TimeRange;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Collectors;

/**
 * Which source answers which part of an aggregation: the coarsest tier whose windows make up the
 * requested ones serves the whole tier windows of the range ({@code tiered}); the raw buckets serve
 * the rest at either end ({@code head}, {@code tail}); without such a tier the raw buckets serve it
 * all ({@code tier} null). A part the raw readings must serve but no longer hold (before now −
 * retention) is refused: the tiers cannot answer it exactly.
 *
 * @param head null when empty
 * @param tiered null when no tier serves
 * @param tail null when empty
 */
record SourcePlan(TimeRange head, RollupTier tier, TimeRange tiered, TimeRange tail) {

    static SourcePlan rawOnly(TimeRange range) {
        return new SourcePlan(range, null, null, null);
    }

    static SourcePlan of(TimeRange range, Duration window, RollupTiers tiers, RetentionPolicy retention, Instant now) {
        Instant oldest = retention.oldestKept(now);
        boolean expired = range.from().isBefore(oldest);
        RollupTier tier = tiers.coarsestFor(window, range.from(), now).orElse(null);
        if (tier == null) {
            if (expired) {
                throw refused(window, range.from(), oldest, tiers, retention);
            }
            return rawOnly(range);
        }
        long w = tier.windowMillis();
        long a = Math.floorDiv(range.fromMilli() + w - 1, w) * w;
        long b = Math.floorDiv(range.toMilli(), w) * w;
        if (a >= b) {
            if (expired) {
                throw unaligned(tier, range.from(), oldest, retention);
            }
            return rawOnly(range);
        }
        TimeRange head = range.fromMilli() < a ? new TimeRange(range.from(), Instant.ofEpochMilli(a)) : null;
        TimeRange tail = b < range.toMilli() ? new TimeRange(Instant.ofEpochMilli(b), range.to()) : null;
        if (head != null && expired) {
            throw unaligned(tier, range.from(), oldest, retention);
        }
        if (tail != null && tail.from().isBefore(oldest)) {
            throw unaligned(tier, range.to(), oldest, retention);
        }
        return new SourcePlan(head, tier, new TimeRange(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b)), tail);
    }

    private static InvalidRequestException refused(Duration window, Instant from, Instant oldest, RollupTiers tiers,
                                                   RetentionPolicy retention) {
        String windows = tiers.tiers().stream().map(t -> DurationText.of(t.window())).collect(Collectors.joining(", "));
        return new InvalidRequestException("NOT_IN_ROLLUPS", DurationText.of(window) + " windows cannot be computed from "
                + from + ": readings before " + oldest + " are past the retention of " + DurationText.of(retention.retention())
                + " and kept only as rollups of " + windows + " windows (as long as each rollup's retention);"
                + " ask for windows that are a multiple of one of those, or start at or after " + oldest);
    }

    private static InvalidRequestException unaligned(RollupTier tier, Instant bound, Instant oldest, RetentionPolicy retention) {
        long w = tier.windowMillis();
        Instant before = Instant.ofEpochMilli(Math.floorDiv(bound.toEpochMilli(), w) * w);
        return new InvalidRequestException("NOT_IN_ROLLUPS", "the range bound " + bound + " cuts a "
                + DurationText.of(tier.window()) + " rollup window, and readings before " + oldest + " are past the retention of "
                + DurationText.of(retention.retention()) + ", so that part can only be answered in whole "
                + DurationText.of(tier.window()) + " windows: use " + before + " or " + before.plusMillis(w) + " instead");
    }
}
