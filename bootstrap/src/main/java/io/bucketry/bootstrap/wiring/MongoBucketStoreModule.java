package io.bucketry.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.multibindings.ProvidesIntoOptional;
import io.bucketry.adapter.mongo.bucket.DocumentLayout;
import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.bootstrap.config.MongoSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guice store module of the {@code mongo-bucket} backend: a {@link MongoBucketReadingStore} (manual
 * buckets) on the configured or embedded server.
 * The store's layout notes (recorded, adopted, safely changed) go to the log.
 */
public final class MongoBucketStoreModule extends AbstractModule {

    private static final Logger LOG = LoggerFactory.getLogger(MongoBucketStoreModule.class);

    private final StartAttempt<MongoBucketReadingStore> start = new StartAttempt<>();

    @Override
    protected void configure() {
        install(new MongoEndpointModule());
        bind(ReadingStore.class).to(MongoBucketReadingStore.class);
        // the tools open their one-document-per-reading baseline beside the buckets with these
        Multibinder.newSetBinder(binder(), Object.class, Unwrappable.class).addBinding().to(MongoBucketSettings.class);
    }

    @Provides @Singleton
    MongoBucketSettings settings(MongoEndpoint endpoint, MongoSettings mongo) {
        return new MongoBucketSettings(endpoint.uri(), mongo.database(), mongo.collection(), mongo.timeout(),
                DocumentLayout.parse(mongo.bucketLayout().id()), mongo.sealAfter(), mongo.tags());
    }

    /** Closed by {@link io.bucketry.bootstrap.Bucketry#close()}, before the embedded server it may use. */
    @Provides @Singleton
    MongoBucketReadingStore mongoStore(MongoBucketSettings settings, MongoEndpoint endpoint, BucketPolicy policy,
                                       RetentionPolicy retention) {
        MongoBucketReadingStore.checkRetention(policy, retention);   // a refused setting, before connecting
        MongoBucketReadingStore store = start.open(() -> MongoStart.open(MongoBucketReadingStore.BACKEND, endpoint,
                () -> MongoBucketReadingStore.open(settings, policy, retention)));
        store.startNotes().forEach(LOG::info);
        return store;
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    RollupStoreOpener rollups(MongoBucketReadingStore store) {
        return store::rollups;
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    WriteMetricsSource writeMetrics(MongoBucketReadingStore store) {
        return store::writeMetrics;
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    SealingSource sealing(MongoBucketReadingStore store) {
        return new SealingSource() {
            @Override
            public boolean active() {
                return store.layout() == DocumentLayout.SEALED;
            }

            @Override
            public long sealNow() {
                return store.seal();
            }

            @Override
            public WriteMetrics sealingMetrics() {
                return store.sealingMetrics();
            }

            @Override
            public StorageStatistics sealedStatistics() {
                return store.sealedStatistics();
            }
        };
    }
}
