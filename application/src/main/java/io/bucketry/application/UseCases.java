package io.bucketry.application;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.CheckHealthUseCase;
import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.service.AggregateAllSeriesService;
import io.bucketry.application.service.AggregateSeriesService;
import io.bucketry.application.service.CheckHealthService;
import io.bucketry.application.service.DeleteSeriesService;
import io.bucketry.application.service.DescribeStorageService;
import io.bucketry.application.service.IngestReadingsService;
import io.bucketry.application.service.ListSeriesService;
import io.bucketry.application.service.QueryRange;
import io.bucketry.application.service.ReadLatestReadingService;
import io.bucketry.application.service.ReadPageService;
import io.bucketry.application.service.ReadReadingsService;
import io.bucketry.application.service.ReclaimExpiredService;

import java.time.Clock;
import java.util.concurrent.Executor;

/** Every use case over one store, built without a DI container (for embedding and tests). */
public record UseCases(IngestReadingsUseCase ingest, ReadReadingsUseCase read, ReadLatestReadingUseCase latest,
                       ReadPageUseCase page, AggregateSeriesUseCase aggregate,
                       AggregateAllSeriesUseCase aggregateAll, DescribeStorageUseCase describe,
                       DeleteSeriesUseCase delete, ReclaimExpiredUseCase reclaim,
                       CheckHealthUseCase health, ListSeriesUseCase series) {

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

    private static UseCases over(ReadingStore store, ApplicationSettings settings, Clock clock,
                                 IngestReadingsUseCase ingest) {
        QueryRange ranges = new QueryRange(settings.retention(), clock);
        return new UseCases(
                ingest,
                new ReadReadingsService(store, ranges),
                new ReadLatestReadingService(store, ranges),
                new ReadPageService(store, ranges, settings.defaultPageSize()),
                new AggregateSeriesService(store, ranges, settings.maxWindows()),
                new AggregateAllSeriesService(store, ranges, settings.maxWindows()),
                new DescribeStorageService(store),
                new DeleteSeriesService(store),
                new ReclaimExpiredService(store, settings.retention(), clock),
                new CheckHealthService(store),
                new ListSeriesService(store, ranges));
    }
}
