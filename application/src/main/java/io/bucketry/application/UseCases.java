package io.bucketry.application;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateGroupsUseCase;
import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.CheckHealthUseCase;
import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadLatestByTagsUseCase;
import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.in.ReadLastpointsUseCase;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.application.service.AggregateAllSeriesService;
import io.bucketry.application.service.AggregateGroupsService;
import io.bucketry.application.service.AggregateSeriesService;
import io.bucketry.application.service.CheckHealthService;
import io.bucketry.application.service.DeleteSeriesService;
import io.bucketry.application.service.DescribeStorageService;
import io.bucketry.application.service.IngestReadingsService;
import io.bucketry.application.service.ListSeriesService;
import io.bucketry.application.service.QueryRange;
import io.bucketry.application.service.ReadLatestByTagsService;
import io.bucketry.application.service.ReadLatestReadingService;
import io.bucketry.application.service.ReadLastpointsService;
import io.bucketry.application.service.ReadPageService;
import io.bucketry.application.service.ReadReadingsService;
import io.bucketry.application.service.ReclaimExpiredService;
import io.bucketry.application.service.RollupMaintenance;
import io.bucketry.application.service.TieredAggregates;
import io.bucketry.application.service.TieredMaintainStore;
import io.bucketry.application.service.TieredRanges;
import io.bucketry.application.service.TieredStoreReadings;
import io.bucketry.application.service.WindowRanges;
import io.bucketry.application.service.WindowSource;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/** Every use case over one store, built without a DI container (for embedding and tests). */
public record UseCases(IngestReadingsUseCase ingest, ReadReadingsUseCase read, ReadLatestReadingUseCase latest,
                       ReadPageUseCase page, AggregateSeriesUseCase aggregate,
                       AggregateAllSeriesUseCase aggregateAll, DescribeStorageUseCase describe,
                       DeleteSeriesUseCase delete, ReclaimExpiredUseCase reclaim,
                       CheckHealthUseCase health, ListSeriesUseCase series,
                       ReadLastpointsUseCase lastpoints, AggregateGroupsUseCase groups,
                       ReadLatestByTagsUseCase latestByTags) {

    /** The services of every use case over {@code store}, with time from {@code clock}; ingest on the calling thread. */
    public static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock) {
        return over(store, settings, clock, new IngestReadingsService(store, settings, clock));
    }

    /**
     * As {@link #over(ReadingStore, ApplicationSettings, Clock)}, with large ingest batches validated in up to
     * {@link ApplicationSettings#ingestParallelism()} parts on {@code ingestExecutor}, which the caller owns.
     */
    public static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock, Executor ingestExecutor) {
        return over(store, settings, clock, new IngestReadingsService(store, settings, clock, ingestExecutor));
    }

    /**
     * As {@link #over(ReadingStore, ApplicationSettings, Clock, Executor)} (a null executor: ingest on the
     * calling thread), with rollup {@code tiers} kept in {@code rollups} (see {@link RollupMaintenance}):
     * ingest records the windows it touches, reclaim settles them and expires each tier, deleting a series
     * removes its windows, aggregations read the cheapest exact source. The store must keep a bucket's
     * readings at least the largest tier window past retention (its grace), so that a window can still be
     * recomputed whole when a late reading lands in it.
     */
    public static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock, Executor ingestExecutor,
                                RollupTiers tiers, StoreRollups rollups) {
        if (tiers.isEmpty()) {
            return ingestExecutor == null ? over(store, settings, clock) : over(store, settings, clock, ingestExecutor);
        }
        tiers.requireOutlive(settings.retention());
        if (settings.retention().grace().compareTo(tiers.largestWindow()) < 0) {
            throw new IllegalArgumentException("a grace of " + DurationText.of(settings.retention().grace())
                    + " is shorter than the largest rollup window " + DurationText.of(tiers.largestWindow())
                    + ": a late reading's window could no longer be recomputed whole; give a grace of at least that");
        }
        // a tier first used on a store that already holds readings holds no window of what came before
        Instant proposed = store.listSeries("", null, 1, Instant.EPOCH).isEmpty() ? RollupTier.ALWAYS
                : clock.instant().plus(settings.retention().futureTolerance());
        RollupTiers covered = tiers.coveringSince(tier -> rollups.coveredSince(tier.window(), proposed));
        // a tag query reads a tier only where its windows keep their slices per tags (not in an older format)
        RollupTiers tagged = covered.coveringSince(tier -> {
            Instant since = rollups.taggedSince(tier.window(), proposed);
            return since.isAfter(tier.coveredSince()) ? since : tier.coveredSince();
        });
        RollupMaintenance maintenance = new RollupMaintenance(covered, rollups, store);
        TieredStoreReadings writes = new TieredStoreReadings(store, maintenance);
        TieredAggregates aggregates = new TieredAggregates(store, rollups, maintenance, settings.retention(), tagged);
        TieredMaintainStore maintain = new TieredMaintainStore(store, rollups, maintenance);
        QueryRange raw = new QueryRange(settings.retention(), clock);
        WindowRanges windows = new TieredRanges(raw, covered, settings.retention());
        IngestReadingsUseCase ingest = ingestExecutor == null ? new IngestReadingsService(writes, settings, clock)
                : new IngestReadingsService(writes, settings, clock, ingestExecutor);
        return over(store, settings, clock, ingest, aggregates, windows, maintain, maintain::expireTiers);
    }

    private static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock,
                                 IngestReadingsUseCase ingest) {
        QueryRange raw = new QueryRange(settings.retention(), clock);
        return over(store, settings, clock, ingest, WindowSource.of(store), WindowRanges.of(raw), store, now -> { });
    }

    /**
     * Every use case over {@code store}, with aggregation and maintenance through the given ports (tiered or not),
     * and {@code alsoExpire} run by reclaim at its instant after the buckets.
     */
    private static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock, IngestReadingsUseCase ingest,
                                 WindowSource aggregates, WindowRanges windows, MaintainStore maintain,
                                 Consumer<Instant> alsoExpire) {
        QueryRange ranges = new QueryRange(settings.retention(), clock);
        return new UseCases(
                ingest,
                new ReadReadingsService(store, ranges),
                new ReadLatestReadingService(store, ranges),
                new ReadPageService(store, ranges, settings.defaultPageSize()),
                new AggregateSeriesService(aggregates, windows, ranges, settings.maxWindows()),
                new AggregateAllSeriesService(aggregates, windows, ranges, settings.maxWindows()),
                new DescribeStorageService(store),
                new DeleteSeriesService(maintain),
                new ReclaimExpiredService(maintain, settings.retention(), clock, alsoExpire),
                new CheckHealthService(store),
                new ListSeriesService(store, ranges),
                new ReadLastpointsService(store, ranges),
                new AggregateGroupsService(aggregates, windows, ranges, settings.maxWindows()),
                new ReadLatestByTagsService(store, ranges));
    }
}
