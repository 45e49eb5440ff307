package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.rollups.MongoRollupStore;
import io.bucketry.application.port.out.StoreRollups;
import com.mongodb.MongoException;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import io.bucketry.application.layout.CollectionLayout;
import io.bucketry.application.layout.LayoutGuard;
import io.bucketry.application.layout.LayoutStart;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.Document;

import org.bson.BsonDocument;
import org.bson.BsonInt32;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Reading store on a MongoDB 5.0+ native time-series collection (the server does the bucketing),
 * or — when enabled — a plain collection of one document per reading on servers without them.
 */
public final class MongoTimeSeriesReadingStore implements ReadingStore {

    /** How long a health probe waits for the server's answer (a health check must answer within 2 s). */
    static final long PROBE_MILLIS = 1500;

    private final MongoClient client;
    private final StoreLayout layout;
    private final MongoCollection<Document> queried;
    private final CommandCounter counter;
    private final ReadingWriter writer;
    private final ReadingQueries queries;
    private final StatisticsReader statistics;
    private final ReadingRemover remover;
    private final MongoCalls calls;
    private final SeriesLister lister;
    private final List<String> startNotes;

    private MongoTimeSeriesReadingStore(MongoClient client, MongoTimeSeriesSettings settings, StoreLayout layout,
                                        BucketPolicy.Windowed policy, CommandCounter counter, List<String> startNotes) {
        this.client = client;
        this.calls = StoreClients.calls(settings);
        this.startNotes = List.copyOf(startNotes);
        this.layout = layout;
        this.counter = counter;
        // The layout's collection reads from the primary (reads there decide writes); plain queries and
        // statistics follow the connection string's read preference.
        MongoDatabase database = client.getDatabase(settings.database());
        this.queried = layout.collection().withReadPreference(database.getReadPreference());
        this.writer = new ReadingWriter(layout.collection(), policy, counter,
                StoredIdentities.orPushedDown(layout));
        this.queries = new ReadingQueries(queried, !layout.fallback());
        this.statistics = new StatisticsReader(database, queried, layout.fallback());
        this.remover = new ReadingRemover(layout, new StatisticsReader(
                database.withReadPreference(ReadPreference.primary()), layout.collection(), layout.fallback()), policy);
        this.lister = new SeriesLister(queried.withDocumentClass(BsonDocument.class));
    }

    /**
     * Connects, checks or records the collection's layout (in the database's bucketry_layouts
     * collection), then finds or creates the collection (see {@link MongoTimeSeriesSettings}).
     *
     * @throws IllegalArgumentException for a paged policy (native collections bucket by time, not count)
     * @throws IllegalStateException when the layout changed in a way that is not safe (a bucket width),
     *         the server has no time-series collections and the fallback is off, or the collection
     *         exists and is not a matching time-series collection
     * @throws StoreUnavailableException when the server cannot be reached
     */
    public static MongoTimeSeriesReadingStore open(MongoTimeSeriesSettings settings, BucketPolicy policy,
                                                   RetentionPolicy retention) {
        return open(settings, policy, retention, null);
    }

    /** As {@link #open(MongoTimeSeriesSettings, BucketPolicy, RetentionPolicy)}, with a listener of its own (tests). */
    static MongoTimeSeriesReadingStore open(MongoTimeSeriesSettings settings, BucketPolicy requested,
                                            RetentionPolicy retention, CommandListener extraListener) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(requested, "policy");
        Objects.requireNonNull(retention, "retention");
        if (!(requested instanceof BucketPolicy.Windowed policy)) {
            throw new IllegalArgumentException(StartMessages.pagedPolicy(requested.maxCount()));
        }
        CommandCounter counter = new CommandCounter();
        MongoClient client = StoreClients.create(settings, counter, extraListener);
        try {
            // Every read at start decides a write (create the collection, an index): never from a secondary.
            MongoDatabase database = client.getDatabase(settings.database()).withReadPreference(ReadPreference.primary());
            ServerFeatures features = ServerFeatures.read(database, client.getDatabase("admin"));
            String where = StatisticsReader.BACKEND + " collection " + settings.database() + "." + settings.collection();
            CollectionInfo existing = CollectionInfo.find(database, settings.collection());
            // The layout first, so that a changed width is refused for what it is, before any expiry check.
            LayoutStart layoutStart = LayoutGuard.start(new LayoutDocuments(database, settings.collection()),
                    CollectionLayout.of(StatisticsReader.BACKEND, policy, retention, UnrecordedCollection.serverOptions(existing)),
                    false, where, () -> UnrecordedCollection.inspect(database, existing, policy));
            StoreLayout layout = CollectionSetup.prepare(database, features, settings, policy, retention, layoutStart);
            List<String> notes = layoutStart.confirm(UnrecordedCollection.serverOptions(
                    CollectionInfo.find(database, settings.collection())));
            return new MongoTimeSeriesReadingStore(client, settings, layout, policy, counter, notes);
        } catch (MongoException e) {
            client.close();
            throw new StoreUnavailableException("mongo-timeseries: cannot prepare collection "
                    + settings.database() + "." + settings.collection() + " at "
                    + MongoTimeSeriesSettings.redacted(settings.uri()) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    @Override
    public String backend() {
        return StatisticsReader.BACKEND;
    }

    /** Never PAGED_BUCKETS; BUCKET_BYTES on a native collection (collStats measures its buckets); DURABLE. */
    @Override
    public Set<Capability> capabilities() {
        return layout.fallback() ? EnumSet.of(Capability.DURABLE) : EnumSet.of(Capability.BUCKET_BYTES, Capability.DURABLE);
    }

    /** True when readings go to a plain collection because the server has no native time-series collections. */
    public boolean usesFallback() {
        return layout.fallback();
    }

    /** What the operator should be told at start (the fallback above all); empty when all is as asked. */
    public List<String> startWarnings() {
        return layout.warnings();
    }

    /** What the operator should be told about the layout at start: recorded, adopted, or safely changed. */
    public List<String> startNotes() {
        return startNotes;
    }

    /** The MongoDB version the server reported. */
    public String serverVersion() {
        return layout.version().binary().toString();
    }

    /** The server's features as this store sees them: binary version and featureCompatibilityVersion. */
    ServerFeatures serverFeatures() {
        return layout.version();
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        return calls.call("storing " + readings.size() + " readings", () -> writer.store(readings));
    }

    @Override
    public List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return calls.call("reading series " + series, () -> queries.read(series, range, limit));
    }

    @Override
    public Optional<Reading> latest(SeriesId series, Instant notBefore) {
        return calls.call("reading the latest of series " + series, () -> queries.latest(series, notBefore));
    }

    @Override
    public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return calls.call("reading page " + number + " of series " + series,
                () -> queries.page(series, number, size, notBefore));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return calls.call("aggregating series " + series, () -> WindowResults.toAggregates(queried
                .aggregate(WindowPipeline.forSeries(series.value(), range, millis)).allowDiskUse(true), millis));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        int limit = maxWindows == Integer.MAX_VALUE ? maxWindows : maxWindows + 1;
        return calls.call("aggregating all series", () -> WindowResults.toAggregates(queried
                .aggregate(WindowPipeline.forAll(range, millis, limit)).allowDiskUse(true), millis));
    }

    /** Ids only: counts and times would unpack the series' buckets. */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return calls.call("listing series", () -> lister.list(prefix, after, limit));
    }

    /** Deletes on the metaField; answers how many readings were removed. */
    @Override
    public long deleteSeries(SeriesId series) {
        return calls.call("deleting series " + series, () -> remover.deleteSeries(series));
    }

    /**
     * Removes readings of policy windows that end by {@code cutoff}; answers buckets removed
     * (fallback: documents; native: the fall of the server's bucket count). Before MongoDB 7.0 a
     * time-series collection cannot delete by time: nothing is deleted here (0), and the
     * collection's expireAfterSeconds removes expired buckets.
     */
    @Override
    public long evictBefore(Instant cutoff) {
        return calls.call("evicting readings before " + cutoff, () -> remover.evictBefore(cutoff));
    }

    /**
     * Write commands and statements counted by a command listener on this store's client since it was
     * opened: telemetry for benchmarks, not a port method.
     */
    public WriteMetrics writeMetrics() {
        return counter.metrics();
    }

    /** A {@code ping} bounded by {@value #PROBE_MILLIS} ms: the driver's timeoutMS bounds server selection too (CSOT spec). */
    @Override
    public StoreHealth health() {
        try {
            calls.limitedTo(PROBE_MILLIS).call("answering a ping", () -> client.getDatabase("admin").withTimeout(PROBE_MILLIS, TimeUnit.MILLISECONDS)
                    .runCommand(new BsonDocument("ping", new BsonInt32(1)), BsonDocument.class));
            return StoreHealth.healthy();
        } catch (StoreUnavailableException e) {
            return StoreHealth.down(e.getMessage());
        }
    }

    @Override
    public StorageStatistics statistics() {
        return calls.call("reading statistics", statistics::read);
    }

    /** Commands named {@code name} sent so far (for tests of the one-query-per-batch rule). */
    long commandsSent(String name) {
        return counter.commands(name);
    }

    /** Rollup tier storage beside this store's readings, over its client ({@link MongoRollupStore}). */
    public StoreRollups rollups() {
        com.mongodb.MongoNamespace namespace = queried.getNamespace();
        return MongoRollupStore.open(client.getDatabase(namespace.getDatabaseName()), namespace.getCollectionName(), calls::call);
    }

    @Override
    public void close() {
        client.close();
    }
}
