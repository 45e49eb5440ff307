package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowMerge;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Aggregation from the cheapest exact source ({@link SourcePlan}): tier windows for the whole tier
 * windows of the range (after settling their pending ones), raw buckets for the rest, merged per
 * requested window in time order ({@link WindowMerge}), so the answer is the one the raw readings give.
 */
public final class TieredAggregates implements WindowSource {

    private final AggregateReadings raw;
    private final StoreRollups rollups;
    private final RollupMaintenance maintenance;
    private final RetentionPolicy retention;

    public TieredAggregates(AggregateReadings raw, StoreRollups rollups, RollupMaintenance maintenance,
                            RetentionPolicy retention) {
        this.raw = Objects.requireNonNull(raw, "raw");
        this.rollups = Objects.requireNonNull(rollups, "rollups");
        this.maintenance = Objects.requireNonNull(maintenance, "maintenance");
        this.retention = Objects.requireNonNull(retention, "retention");
    }

    private SourcePlan plan(TimeRange range, Duration window, Instant now) {
        return SourcePlan.of(range, window, tiers(), retention, now);
    }

    private RollupTiers tiers() {
        return maintenance.tiers();
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows, Instant now) {
        if (!filter.isAny()) {
            return raw.aggregate(series, filter, rawOnly(range, now, "a tag filter"), window, maxWindows);
        }
        SourcePlan plan = plan(range, window, now);
        if (plan.tier() == null) {
            return raw.aggregate(series, range, window, maxWindows);
        }
        List<WindowAggregate> parts = new ArrayList<>();
        if (plan.head() != null) {
            parts.addAll(raw.aggregate(series, plan.head(), window, maxWindows));
            if (parts.size() > maxWindows) {
                return parts;   // refused by the caller: the tier and the tail are not read
            }
        }
        maintenance.settle(series, plan.tiered());
        parts.addAll(rollups.read(series, plan.tier().window(), plan.tiered()));
        if (plan.tail() != null) {
            parts.addAll(raw.aggregate(series, plan.tail(), window, maxWindows));
        }
        return WindowMerge.rollUp(parts, window);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows,
                                              Instant now) {
        if (!filter.isAny()) {
            return raw.aggregateAll(filter, rawOnly(range, now, "a tag filter"), window, maxWindows);
        }
        SourcePlan plan = plan(range, window, now);
        if (plan.tier() == null) {
            return raw.aggregateAll(range, window, maxWindows);
        }
        List<WindowAggregate> parts = new ArrayList<>();
        if (plan.head() != null) {
            parts.addAll(raw.aggregateAll(plan.head(), window, maxWindows));
        }
        maintenance.settle(plan.tiered());
        long perWindow = window.toMillis() / plan.tier().windowMillis();
        int limit = (int) Math.min(Integer.MAX_VALUE - 8L, (maxWindows + 1L) * perWindow);
        List<WindowAggregate> tiered = rollups.readAll(plan.tier().window(), plan.tiered(), limit);
        if (parts.isEmpty() && plan.tail() == null && perWindow == 1) {
            return tiered;   // the tier alone answers, in windows of the size asked and in the order asked: nothing to merge
        }
        parts.addAll(tiered);
        if (plan.tail() != null) {
            parts.addAll(raw.aggregateAll(plan.tail(), window, maxWindows));
        }
        parts.sort(Comparator.comparing(WindowAggregate::series));   // stable: each series' parts stay in time order
        return WindowMerge.rollUp(parts, window);
    }

    /**
     * Groups from the raw readings: a tier window is one series' and keeps no times for its first and last
     * values, so windows of different series could not be merged exactly from it.
     */
    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows, Instant now) {
        return raw.aggregateGroups(filter, groupBy, rawOnly(range, now, "groupBy"), window, maxWindows);
    }

    /**
     * {@code range}, when the raw readings hold all of it (tier windows keep no tags: a tag query is answered
     * from the readings, each with the tags it was written with); INVALID_RANGE when only the tiers still do.
     */
    private TimeRange rawOnly(TimeRange range, Instant now, String asked) {
        Instant oldest = retention.oldestKept(now);
        if (range.from().isBefore(oldest)) {
            throw new InvalidRequestException("INVALID_RANGE", asked + " is answered from the raw readings, kept since "
                    + oldest + "; this range starts at " + range.from() + ", which only the rollup tiers still answer,"
                    + " and they keep no tags: give a from at or after " + oldest);
        }
        return range;
    }
}
