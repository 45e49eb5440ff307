package io.bucketry.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoOptional;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesSettings;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.config.MongoSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guice store module of the {@code mongo-timeseries} backend: a {@link MongoTimeSeriesReadingStore}
 * (native time-series collections) on the configured or embedded server; the embedded server,
 * which has none, implies the plain-collection fallback. The store's start warnings go to the log.
 */
public final class MongoTimeSeriesStoreModule extends AbstractModule {

    private static final Logger LOG = LoggerFactory.getLogger(MongoTimeSeriesStoreModule.class);

    private final StartAttempt<MongoTimeSeriesReadingStore> start = new StartAttempt<>();

    @Override
    protected void configure() {
        install(new MongoEndpointModule());
        bind(ReadingStore.class).to(MongoTimeSeriesReadingStore.class);
    }

    /** Closed by {@link io.bucketry.bootstrap.Bucketry#close()}, before the embedded server it may use. */
    @Provides @Singleton
    MongoTimeSeriesReadingStore mongoStore(MongoEndpoint endpoint, MongoSettings mongo, BucketPolicy policy,
                                           RetentionPolicy retention) {
        MongoTimeSeriesSettings settings = settings(endpoint, mongo);
        MongoTimeSeriesReadingStore store = start.open(() -> MongoStart.open("mongo-timeseries", endpoint,
                () -> MongoTimeSeriesReadingStore.open(settings, policy, retention)));
        store.startWarnings().forEach(LOG::warn);
        store.startNotes().forEach(LOG::info);
        return store;
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    RollupStoreOpener rollups(MongoTimeSeriesReadingStore store) {
        return store::rollups;
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    WriteMetricsSource writeMetrics(MongoTimeSeriesReadingStore store) {
        return store::writeMetrics;
    }

    /** The store's settings: the endpoint's server, the configured names and timeout; embedded implies the fallback. */
    static MongoTimeSeriesSettings settings(MongoEndpoint endpoint, MongoSettings mongo) {
        return new MongoTimeSeriesSettings(endpoint.uri(), mongo.database(), mongo.collection(),
                mongo.timeseriesFallback() || endpoint.embedded(), mongo.timeout(), mongo.tags());
    }
}
