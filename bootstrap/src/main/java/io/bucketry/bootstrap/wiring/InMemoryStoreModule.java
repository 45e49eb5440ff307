package io.bucketry.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoOptional;
import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.BucketPolicy;

import java.time.Clock;

/**
 * Guice store module of the {@code inmemory} backend: an in-process {@link InMemoryReadingStore} on the
 * ingest threads, sealing windows by the configured {@code sealAfter} on the instance's clock.
 */
public final class InMemoryStoreModule extends AbstractModule {

    @Provides @Singleton
    ReadingStore store(InMemoryReadingStore store) {
        return store;
    }

    @Provides @Singleton
    InMemoryReadingStore inMemoryStore(BucketPolicy policy, BucketryConfig config, Clock clock, IngestPool pool) {
        // stores a large batch's stripes in parts on the instance's ingest threads
        return new InMemoryReadingStore(policy, config.sealPolicy(), clock, memoryLimitBytes(config.memoryLimitPercent()),
                pool.executor(), pool.parallelism());
    }

    @ProvidesIntoOptional(ProvidesIntoOptional.Type.ACTUAL)
    RollupStoreOpener rollups(InMemoryReadingStore store) {
        // the store's own: it marks the pending windows of the readings it stores, as it stores them
        return store::rollups;
    }

    /** The configured share of this JVM's max heap, in bytes. */
    static long memoryLimitBytes(int percent) {
        return Runtime.getRuntime().maxMemory() / 100 * percent;
    }
}
