package io.bucketry.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.multibindings.OptionalBinder;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.CheckHealthUseCase;
import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadLastpointsUseCase;
import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.MongoSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * Guice module of the application core: configuration values, the clock, and every use case
 * (the services of {@link UseCases}) over whichever {@link ReadingStore} a store module binds.
 */
public final class ApplicationModule extends AbstractModule {

    private final BucketryConfig config;
    private final Clock clock;
    private final Resources resources;

    public ApplicationModule(BucketryConfig config, Clock clock) {
        this(config, clock, new Resources());
    }

    /** With {@code resources} owned by the caller, who can release them even when the injector cannot be built. */
    public ApplicationModule(BucketryConfig config, Clock clock, Resources resources) {
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.resources = Objects.requireNonNull(resources, "resources");
    }

    @Override
    protected void configure() {
        Multibinder.newSetBinder(binder(), Object.class, Unwrappable.class);
        bind(BucketryConfig.class).toInstance(config);
        bind(MongoSettings.class).toInstance(config.mongo());
        bind(Clock.class).toInstance(clock);
        bind(BucketPolicy.class).toInstance(config.bucketPolicyValue());
        bind(RetentionPolicy.class).toInstance(config.retentionPolicy());
        bind(ApplicationSettings.class).toInstance(config.applicationSettings());
        bind(Resources.class).toInstance(resources);
        OptionalBinder.newOptionalBinder(binder(), WriteMetricsSource.class);
        OptionalBinder.newOptionalBinder(binder(), RollupStoreOpener.class);
        OptionalBinder.newOptionalBinder(binder(), SealingSource.class);
    }

    /** With an ingest parallelism above 1, a pool this instance owns and shuts down on close. */
    @Provides @Singleton
    IngestPool ingestPool(ApplicationSettings settings) {
        if (settings.ingestParallelism() < 2) {
            return IngestPool.CALLING_THREAD;
        }
        ExecutorService ingest = IngestExecutor.start(settings.ingestParallelism());
        // shutdown, not shutdownNow: a part already queued still runs, so no ingest waits for it forever
        resources.register("ingest executor", ingest::shutdown);
        return new IngestPool(ingest, settings.ingestParallelism());
    }

    @Provides @Singleton
    UseCases useCases(ReadingStore store, ApplicationSettings settings, Clock clock, IngestPool pool,
                      Optional<RollupStoreOpener> rollups) {
        if (!config.rollups().isEmpty()) {
            StoreRollups tiers = rollups.orElseThrow(() -> new IllegalStateException("backend " + config.backend()
                    + " has no rollup storage")).open();
            return UseCases.over(store, settings, clock, pool.parallelism() < 2 ? null : pool.executor(), config.rollups(), tiers);
        }
        return pool.parallelism() < 2 ? UseCases.over(store, settings, clock)
                : UseCases.over(store, settings, clock, pool.executor());
    }

    @Provides @Singleton
    ExpirySweeper sweeper(ReclaimExpiredUseCase reclaim) {
        return new ExpirySweeper(reclaim, config.sweepInterval());
    }

    @Provides IngestReadingsUseCase ingest(UseCases useCases) { return useCases.ingest(); }
    @Provides ReadReadingsUseCase read(UseCases useCases) { return useCases.read(); }
    @Provides ReadLatestReadingUseCase latest(UseCases useCases) { return useCases.latest(); }
    @Provides ReadPageUseCase page(UseCases useCases) { return useCases.page(); }
    @Provides AggregateSeriesUseCase aggregate(UseCases useCases) { return useCases.aggregate(); }
    @Provides AggregateAllSeriesUseCase aggregateAll(UseCases useCases) { return useCases.aggregateAll(); }
    @Provides DescribeStorageUseCase describe(UseCases useCases) { return useCases.describe(); }
    @Provides DeleteSeriesUseCase delete(UseCases useCases) { return useCases.delete(); }
    @Provides ReclaimExpiredUseCase reclaim(UseCases useCases) { return useCases.reclaim(); }
    @Provides CheckHealthUseCase health(UseCases useCases) { return useCases.health(); }
    @Provides ListSeriesUseCase series(UseCases useCases) { return useCases.series(); }
    @Provides ReadLastpointsUseCase lastpoints(UseCases useCases) { return useCases.lastpoints(); }
}
