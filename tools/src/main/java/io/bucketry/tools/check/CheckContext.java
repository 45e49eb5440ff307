package io.bucketry.tools.check;

import io.bucketry.adapter.mongo.bucket.DocumentLayout;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesSettings;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What a check runs against: the backend, the scratch database on the user's server, a way to open
 * a store there on a collection of the check's own (with a changed setting or clock where the check
 * needs one), and the server's diagnostics (null when the checks run against a store double).
 */
public final class CheckContext {

    /** Opens the use cases over a store of {@code config}; {@link Bucketry#start} outside tests. */
    @FunctionalInterface
    public interface StoreOpener {
        OpenStore open(BucketryConfig config, Clock clock);
    }

    /** An opened store's use cases; closing releases the store. */
    public interface OpenStore extends AutoCloseable {
        UseCases useCases();

        @Override
        void close();
    }

    private final BucketryConfig base;
    private final boolean embedded;
    private final StoreOpener opener;
    private final MongoServerDiagnostics server;
    private final Instant now;

    /**
     * @param base the backend, server and scratch database; the collection is each check's own
     * @param embedded the server is the embedded test server (its known gaps become SKIP)
     * @param server diagnostics of the scratch database, or null (store double: server checks do not apply)
     */
    public CheckContext(BucketryConfig base, boolean embedded, StoreOpener opener, MongoServerDiagnostics server,
                        Instant now) {
        this.base = Objects.requireNonNull(base, "base");
        this.embedded = embedded;
        this.opener = Objects.requireNonNull(opener, "opener");
        this.server = server;
        this.now = now;
    }

    /** Bucketry itself: each store opened is a full start (indexes, collection setup) of the configured backend. */
    public static StoreOpener bucketry() {
        return (config, clock) -> {
            Bucketry bucketry = Bucketry.start(config, clock);
            return new OpenStore() {
                @Override
                public UseCases useCases() {
                    return bucketry.useCases();
                }

                @Override
                public void close() {
                    bucketry.close();
                }
            };
        };
    }

    public Backend backend() {
        return base.backend();
    }

    public boolean embedded() {
        return embedded;
    }

    /** The instant the run started; every check's readings lie in the hours before it. */
    public Instant now() {
        return now;
    }

    /** Diagnostics of the scratch database; null against a store double. */
    public MongoServerDiagnostics server() {
        return server;
    }

    /** The configuration of a store on {@code collection}, with {@code change} applied. */
    public BucketryConfig config(String collection, UnaryOperator<BucketryConfig.Builder> change) {
        return change.apply(base.toBuilder().mongoCollection(collection)).build();
    }

    public OpenStore open(String collection) {
        return open(collection, UnaryOperator.identity());
    }

    public OpenStore open(String collection, UnaryOperator<BucketryConfig.Builder> change) {
        return open(collection, Clock.fixed(now, ZoneOffset.UTC), change);
    }

    public OpenStore open(String collection, Clock clock, UnaryOperator<BucketryConfig.Builder> change) {
        return opener.open(config(collection, change), clock);
    }

    public MongoBucketSettings bucketSettings(String collection) {
        return new MongoBucketSettings(base.mongo().uri(), base.mongo().database(), collection, null,
                DocumentLayout.parse(base.mongo().bucketLayout().id()), base.mongo().sealAfter());
    }

    public MongoTimeSeriesSettings timeSeriesSettings(String collection) {
        return new MongoTimeSeriesSettings(base.mongo().uri(), base.mongo().database(), collection,
                base.mongo().timeseriesFallback());
    }
}
