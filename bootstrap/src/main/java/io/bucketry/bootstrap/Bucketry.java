package io.bucketry.bootstrap;

import io.bucketry.bootstrap.config.BucketryConfig;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.ProvisionException;
import com.google.inject.Stage;
import com.google.inject.TypeLiteral;
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
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.wiring.ApplicationModule;
import io.bucketry.bootstrap.wiring.ExpirySweeper;
import io.bucketry.bootstrap.wiring.InMemoryStoreModule;
import io.bucketry.bootstrap.wiring.MongoBucketStoreModule;
import io.bucketry.bootstrap.wiring.MongoTimeSeriesStoreModule;
import io.bucketry.bootstrap.wiring.Resources;
import io.bucketry.bootstrap.wiring.SealingSource;
import io.bucketry.bootstrap.wiring.Unwrappable;
import io.bucketry.bootstrap.wiring.WriteMetricsSource;

import java.time.Clock;
import java.util.Optional;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The embedding entry point: {@code Bucketry.start(config)} builds the store of the configured
 * backend and every use case, and starts the expiry sweeper; {@link #close()} releases it all.
 * Callers need no Guice.
 */
public final class Bucketry implements AutoCloseable {

    private final BucketryConfig config;
    private final UseCases useCases;
    private final ReadingStore store;
    private final ExpirySweeper sweeper;
    private final Resources resources;
    private final Optional<WriteMetricsSource> writes;
    private final Optional<SealingSource> sealing;
    private final Set<Object> parts;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Bucketry(BucketryConfig config, Injector injector) {
        this.config = config;
        this.parts = injector.getInstance(Key.get(new TypeLiteral<Set<Object>>() { }, Unwrappable.class));
        this.useCases = injector.getInstance(UseCases.class);
        this.store = injector.getInstance(ReadingStore.class);
        this.sweeper = injector.getInstance(ExpirySweeper.class);
        this.resources = injector.getInstance(Resources.class);
        this.writes = injector.getInstance(Key.get(new TypeLiteral<Optional<WriteMetricsSource>>() { }));
        this.sealing = injector.getInstance(Key.get(new TypeLiteral<Optional<SealingSource>>() { }));
    }

    /** A running Bucketry with time from the system clock (UTC). */
    public static Bucketry start(BucketryConfig config) {
        return start(config, Clock.systemUTC());
    }

    /** A running Bucketry whose retention and queries take "now" from {@code clock}. */
    public static Bucketry start(BucketryConfig config, Clock clock) {
        BackendArtifacts.check(config, BackendArtifacts::onClassPath);
        Resources resources = new Resources();
        Injector injector;
        try {
            injector = Guice.createInjector(Stage.PRODUCTION, new ApplicationModule(config, clock, resources),
                    storeModule(config));
        } catch (CreationException | ProvisionException e) {
            resources.close();   // e.g. an embedded server started before the store failed to open
            throw causeOf(e);
        }
        Bucketry bucketry = new Bucketry(config, injector);
        bucketry.sweeper.start();
        return bucketry;
    }

    /**
     * The store module of each backend: the one place that maps a configured backend to its Guice
     * module. Adding a backend is one line here.
     */
    private static Module storeModule(BucketryConfig config) {
        return switch (config.backend()) {
            case INMEMORY -> new InMemoryStoreModule();
            case MONGO_BUCKET -> new MongoBucketStoreModule();
            case MONGO_TIMESERIES -> new MongoTimeSeriesStoreModule();
        };
    }

    private static RuntimeException causeOf(RuntimeException e) {
        Throwable cause = e.getCause();
        if (cause == null && e instanceof CreationException creation && !creation.getErrorMessages().isEmpty()) {
            cause = creation.getErrorMessages().iterator().next().getCause();
        }
        if (cause == null && e instanceof ProvisionException provision && !provision.getErrorMessages().isEmpty()) {
            cause = provision.getErrorMessages().iterator().next().getCause();
        }
        return cause instanceof RuntimeException runtime ? runtime : e;
    }

    public BucketryConfig config() { return config; }

    /** The backend's name as its store reports it ({@code inmemory}, …). */
    public String backend() { return store.backend(); }

    /**
     * The store, or a part its backend offers, as {@code type} where it is one; empty otherwise: the
     * store itself ({@code InMemoryReadingStore}, …), its write metrics ({@link WriteMetricsSource}),
     * its sealing ({@link SealingSource}, while it seals), the settings it was opened with
     * ({@code MongoBucketSettings}). Never the wiring itself. For tools and diagnostics that need a
     * backend's own figures, as JDBC's {@code unwrap}: what a backend offers may change between
     * versions; the use cases are the stable API.
     */
    public <T> Optional<T> unwrap(Class<T> type) {
        if (type == SealingSource.class) {
            // a store that could seal but does not (mongo-bucket's rows layout) has no sealing to offer
            return sealing.filter(SealingSource::active).map(type::cast);
        }
        List<Object> offered = new ArrayList<>();
        offered.add(store);
        writes.ifPresent(offered::add);
        offered.addAll(parts);
        return offered.stream().filter(type::isInstance).findFirst().map(type::cast);
    }

    /** What the store can do beyond the common contract. */
    public Set<Capability> capabilities() { return store.capabilities(); }

    /** Every use case, as one record. */
    public UseCases useCases() { return useCases; }

    public IngestReadingsUseCase ingest() { return useCases.ingest(); }
    public ReadReadingsUseCase read() { return useCases.read(); }
    public ReadLatestReadingUseCase latest() { return useCases.latest(); }
    public ReadPageUseCase page() { return useCases.page(); }
    public AggregateSeriesUseCase aggregate() { return useCases.aggregate(); }
    public AggregateAllSeriesUseCase aggregateAll() { return useCases.aggregateAll(); }
    public DescribeStorageUseCase describe() { return useCases.describe(); }
    public DeleteSeriesUseCase delete() { return useCases.delete(); }
    public ListSeriesUseCase series() { return useCases.series(); }
    public ReadLastpointsUseCase lastpoints() { return useCases.lastpoints(); }
    public CheckHealthUseCase health() { return useCases.health(); }

    /** Stops the sweeper, closes the store, then every other registered resource. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            sweeper.close();
        } finally {
            try {
                store.close();
            } finally {
                resources.close();
            }
        }
    }
}
