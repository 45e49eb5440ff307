package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.rollups.MongoRollupStore;
import io.bucketry.application.port.out.StoreRollups;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/** Outbound adapter: the Bucket Pattern by hand in one ordinary MongoDB collection (DESIGN §5, seeds 000–002). */
public final class MongoBucketReadingStore implements ReadingStore {

    public static final String BACKEND = "mongo-bucket";

    private final MongoClient client;
    private final MongoCollection<BsonDocument> buckets;
    private final WriteCounter counter;
    private final BucketWriter writer;
    private final BucketReader reader;
    private final PageReader pages;
    private final BucketAggregator aggregator;
    private final StatisticsReader statistics;
    private final MongoFailures failures;
    private final SeriesLister lister;
    private final BucketPolicy policy;
    private final List<String> startNotes;
    private final DocumentLayout layout;
    private final SealingSchedule sealing;
    private final SeriesDeletion deletion;

    /** A store of the parts {@link StoreOpening} wired. */
    MongoBucketReadingStore(StoreOpening.Parts parts) {
        this.client = parts.client();
        this.failures = parts.failures();
        this.startNotes = parts.startNotes();
        this.buckets = parts.buckets();
        this.counter = parts.counter();
        this.policy = parts.policy();
        this.layout = parts.layout();
        this.sealing = parts.sealing();
        this.writer = parts.writer();
        this.reader = parts.reader();
        this.pages = parts.pages();
        this.aggregator = parts.aggregator();
        this.statistics = parts.statistics();
        this.lister = parts.lister();
        this.deletion = parts.deletion();
    }

    /**
     * Refuses, before anything connects, a retention whose TTL index MongoDB would refuse ({@link TtlLimit}).
     *
     * @throws IllegalArgumentException naming the retention and the largest that fits
     */
    public static void checkRetention(BucketPolicy policy, RetentionPolicy retention) {
        TtlLimit.check(policy, retention);
    }

    /**
     * Connects, checks or records the collection's layout (in the database's bucketry_layouts collection), creates
     * the indexes (idempotent) and answers a store that owns its client.
     *
     * @throws IllegalStateException when the layout changed in a way that is not safe, an existing index
     *         conflicts (the message names the setting or the index, and the fix)
     * @throws IllegalArgumentException when the retention needs a TTL beyond MongoDB's limit ({@link TtlLimit})
     * @throws io.bucketry.application.port.out.StoreUnavailableException when the server cannot be reached
     */
    public static MongoBucketReadingStore open(MongoBucketSettings settings, BucketPolicy policy, RetentionPolicy retention) {
        return open(settings, policy, retention, Clock.systemUTC(), false);
    }

    /**
     * As {@link #open(MongoBucketSettings, BucketPolicy, RetentionPolicy)}, with the clock that tells
     * the sealed layout which windows may be sealed.
     *
     * @param sealOnWrite the sealed layout seals after every stored batch, on the caller, instead of
     *                    in the background (tests use it, with {@link io.bucketry.domain.SealPolicy#immediate()})
     */
    static MongoBucketReadingStore open(MongoBucketSettings settings, BucketPolicy policy, RetentionPolicy retention,
                                        Clock clock, boolean sealOnWrite) {
        return StoreOpening.open(settings, policy, retention, clock, sealOnWrite);
    }

    /** What the operator should be told at start: the layout recorded, adopted, or safely changed. */
    public List<String> startNotes() {
        return startNotes;
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    @Override
    public Set<Capability> capabilities() {
        return layout.capabilities();
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        if (readings.isEmpty()) {
            return StoreResult.EMPTY;
        }
        StoreResult result = failures.translate("store readings", () -> writer.store(readings));
        if (sealing != null && sealing.onWrite()) {
            seal();
        }
        return result;
    }

    @Override
    public List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return failures.translate("read readings", () -> reader.read(series, range, limit));
    }

    @Override
    public Optional<Reading> latest(SeriesId series, Instant notBefore) {
        return failures.translate("read the latest reading", () -> reader.latest(series, BucketQueries.ceilMillis(notBefore)));
    }

    @Override
    public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return failures.translate("read a page", () -> pages.page(series, number, size, BucketQueries.ceilMillis(notBefore)));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate", () -> aggregator.aggregate(series, range, millis, Integer.MAX_VALUE));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate all series", () -> aggregator.aggregate(null, range, millis, maxWindows));
    }

    /** Ids only: counts and times would read every bucket of the listed series. */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return failures.translate("list series", () -> lister.list(prefix, after, limit));
    }

    @Override
    public long deleteSeries(SeriesId series) {
        return failures.translate("delete a series", () -> deletion.delete(series));
    }

    /** Removes whole windows (pages) before the cutoff, see {@link Eviction}; the TTL index does the same asynchronously. */
    @Override
    public long evictBefore(Instant cutoff) {
        long evicted = failures.translate("evict expired buckets",
                () -> Eviction.delete(buckets, policy, cutoff.toEpochMilli(), sealing != null));
        if (sealing != null) {
            seal(); // reclaiming is also when sealing catches up
        }
        return evicted;
    }

    /** The sealed layout: seals every window the seal policy lets go now; answers how many (0 in the row layout). */
    public long seal() {
        return sealing == null ? 0 : failures.translate("seal windows", sealing::sweep);
    }

    /** What sealing has sent to the server since the store was opened (zeros in the row layout): telemetry. */
    public WriteMetrics sealingMetrics() {
        return counter.sealingSnapshot();
    }

    /** Statistics of the sealed documents only (none in the row layout): telemetry for benchmarks. */
    public StorageStatistics sealedStatistics() {
        return failures.translate("read sealed statistics", () -> new StatisticsReader(buckets, BACKEND,
                Filters.eq(UNSEALED, false)).read());
    }

    /** The document layout this store writes and reads. */
    public DocumentLayout layout() {
        return layout;
    }

    /** What this store has sent to its server since it was opened: telemetry for benchmarks, not a port method. */
    public WriteMetrics writeMetrics() {
        return counter.snapshot();
    }

    /** A {@code ping} bounded by {@value HealthPing#PROBE_MILLIS} ms ({@link HealthPing}). */
    @Override
    public StoreHealth health() {
        return HealthPing.ping(client, failures);
    }

    @Override
    public StorageStatistics statistics() {
        return failures.translate("read storage statistics", statistics::read);
    }

    /** Rollup tier storage beside this store's readings, over its client ({@link MongoRollupStore}). */
    public StoreRollups rollups() {
        com.mongodb.MongoNamespace namespace = buckets.getNamespace();
        return MongoRollupStore.open(client.getDatabase(namespace.getDatabaseName()), namespace.getCollectionName(), failures::translate);
    }

    @Override
    public void close() {
        try {
            if (sealing != null) {
                sealing.stop();
            }
        } finally {
            client.close();
        }
    }

    WriteCounter counter() {
        return counter;
    }

    BucketWriter writer() {
        return writer;
    }

    MongoCollection<BsonDocument> collection() {
        return buckets;
    }

    /** The sealed layout's sealer (null in the row layout), for tests that cut it between steps. */
    WindowSealer sealer() {
        return sealing == null ? null : sealing.sealer();
    }
}
