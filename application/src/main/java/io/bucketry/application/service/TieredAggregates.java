package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TierGroups;
import io.bucketry.domain.TierMatches;
import io.bucketry.domain.TierWindow;
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
 * A tag filter takes the slices of a tier window whose tags match; groups merge the slices of every
 * series with the times they keep ({@link TierGroups}, whose merge is {@code GroupAggregator}'s), from the tier alone: a group's count of
 * series cannot be merged with a raw part's, so a grouped range that cuts a tier window reads raw.
 */
public final class TieredAggregates implements WindowSource {

    /** The most tier windows one read may be asked for. */
    private static final int ALL = Integer.MAX_VALUE - 8;

    private final AggregateReadings raw;
    private final StoreRollups rollups;
    private final RollupMaintenance maintenance;
    private final RetentionPolicy retention;
    private final RollupTiers tagged;

    /** As the full constructor, with every tier keeping its slices per tags since it has been covered. */
    public TieredAggregates(AggregateReadings raw, StoreRollups rollups, RollupMaintenance maintenance,
                            RetentionPolicy retention) {
        this(raw, rollups, maintenance, retention, maintenance.tiers());
    }

    /**
     * @param tagged the tiers as tag queries may read them: each covering only the windows that keep their
     *        slices per tags ({@link StoreRollups#taggedSince})
     */
    public TieredAggregates(AggregateReadings raw, StoreRollups rollups, RollupMaintenance maintenance,
                            RetentionPolicy retention, RollupTiers tagged) {
        this.raw = Objects.requireNonNull(raw, "raw");
        this.rollups = Objects.requireNonNull(rollups, "rollups");
        this.maintenance = Objects.requireNonNull(maintenance, "maintenance");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.tagged = Objects.requireNonNull(tagged, "tagged");
    }

    private SourcePlan plan(TagFilter filter, TimeRange range, Duration window, Instant now) {
        return SourcePlan.of(range, window, filter.isAny() ? maintenance.tiers() : tagged, retention, now);
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows, Instant now) {
        SourcePlan plan = plan(filter, range, window, now);
        if (plan.tier() == null) {
            return rawPart(series, filter, range, window, maxWindows);
        }
        List<WindowAggregate> parts = new ArrayList<>();
        if (plan.head() != null) {
            parts.addAll(rawPart(series, filter, plan.head(), window, maxWindows));
            if (parts.size() > maxWindows) {
                return parts;   // refused by the caller: the tier and the tail are not read
            }
        }
        maintenance.settle(series, plan.tiered());
        if (filter.isAny()) {
            parts.addAll(rollups.read(series, plan.tier().window(), plan.tiered()));
        } else {
            addMatching(rollups.readTagged(series, plan.tier().window(), plan.tiered()), filter, parts);
        }
        if (plan.tail() != null) {
            parts.addAll(rawPart(series, filter, plan.tail(), window, maxWindows));
        }
        return WindowMerge.rollUp(parts, window);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows,
                                              Instant now) {
        SourcePlan plan = plan(filter, range, window, now);
        if (plan.tier() == null) {
            return rawPart(filter, range, window, maxWindows);
        }
        List<WindowAggregate> parts = new ArrayList<>();
        if (plan.head() != null) {
            parts.addAll(rawPart(filter, plan.head(), window, maxWindows));
        }
        maintenance.settle(plan.tiered());
        long perWindow = window.toMillis() / plan.tier().windowMillis();
        int limit = (int) Math.min(ALL, (maxWindows + 1L) * perWindow);   // enough to answer more than maxWindows: refused
        List<WindowAggregate> tiered;
        if (filter.isAny()) {
            tiered = rollups.readAll(plan.tier().window(), plan.tiered(), limit);
        } else {
            TierMatches matching = new TierMatches(filter, limit);
            rollups.readAllTagged(plan.tier().window(), plan.tiered(), matching);
            tiered = matching.result();
        }
        if (parts.isEmpty() && plan.tail() == null && perWindow == 1) {
            return tiered;   // the tier alone answers, in windows of the size asked and in the order asked: nothing to merge
        }
        parts.addAll(tiered);
        if (plan.tail() != null) {
            parts.addAll(rawPart(filter, plan.tail(), window, maxWindows));
        }
        parts.sort(Comparator.comparing(WindowAggregate::series));   // stable: each series' parts stay in time order
        return WindowMerge.rollUp(parts, window);
    }

    /**
     * Groups from the tier when it serves the whole range (every requested window made of whole tier windows),
     * else from the raw readings: how many series a group merges cannot be added up from a raw part and a tier
     * part, so a range that cuts a tier window is answered raw, and refused when the raw readings no longer hold it.
     */
    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows, Instant now) {
        SourcePlan plan = SourcePlan.of(range, window, tagged, retention, now);
        if (plan.tier() == null || plan.head() != null || plan.tail() != null) {
            return raw.aggregateGroups(filter, groupBy, rawOnly(range, plan, now), window, maxWindows);
        }
        maintenance.settle(plan.tiered());
        TierGroups groups = new TierGroups(groupBy, filter, window, maxWindows);
        rollups.readAllTagged(plan.tier().window(), plan.tiered(), groups);   // stops once past maxWindows: refused by the caller
        return groups.result();
    }

    private List<WindowAggregate> rawPart(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                          int maxWindows) {
        return filter.isAny() ? raw.aggregate(series, range, window, maxWindows)
                : raw.aggregate(series, filter, range, window, maxWindows);
    }

    private List<WindowAggregate> rawPart(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        return filter.isAny() ? raw.aggregateAll(range, window, maxWindows) : raw.aggregateAll(filter, range, window, maxWindows);
    }

    private static void addMatching(List<TierWindow> windows, TagFilter filter, List<WindowAggregate> out) {
        for (TierWindow window : windows) {
            WindowAggregate matching = window.matching(filter);
            if (matching != null) {
                out.add(matching);
            }
        }
    }

    /**
     * {@code range}, when the raw readings hold all of it; else INVALID_RANGE naming the tier-window bounds a
     * grouped query over the tiers needs (its {@code plan} has a tier: an expired head was refused already).
     */
    private TimeRange rawOnly(TimeRange range, SourcePlan plan, Instant now) {
        Instant oldest = retention.oldestKept(now);
        if (range.from().isBefore(oldest)) {
            throw new InvalidRequestException("INVALID_RANGE", "groupBy over the rollup tiers needs a range of whole "
                    + DurationText.of(plan.tier().window()) + " windows; the raw readings, which could answer the rest, are"
                    + " kept since " + oldest + ": end the range at " + plan.tail().from() + " or start it at or after "
                    + oldest);
        }
        return range;
    }
}
