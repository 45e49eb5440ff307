package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.common.HealthPing;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.adapter.mongo.common.rollups.MongoRollupStore;
import io.bucketry.application.port.out.StoreRollups;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
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
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.adapter.mongo.common.layout.TagsNotRecordedException;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/** Outbound adapter: the Bucket Pattern by hand in one ordinary MongoDB collection (DESIGN §5, seeds 000–002). */
public final class MongoBucketReadingStore implements ReadingStore {

    public static final String BACKEND = "mongo-bucket";

    /** What the port methods hand their work to, wired by {@link StoreOpening}. */
    private final StoreOpening.Parts parts;
    private final MongoFailures failures;

    /** A store of the parts {@link StoreOpening} wired. */
    MongoBucketReadingStore(StoreOpening.Parts parts) {
        this.parts = parts;
        this.failures = parts.failures();
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
        return parts.startNotes();
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    @Override
    public Set<Capability> capabilities() {
        return parts.layout().capabilities(parts.tags());
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        if (readings.isEmpty()) {
            return StoreResult.EMPTY;
        }
        StoreResult result = failures.translate("store readings", () -> {
            parts.watch().check(); // another process may have changed the layout record since this one started
            return parts.writer().store(readings);
        });
        if (parts.sealing() != null && parts.sealing().onWrite()) {
            seal();
        }
        return result;
    }

    @Override
    public List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return failures.translate("read readings", () -> parts.reader().read(series, range, limit));
    }

    @Override
    public Optional<Reading> latest(SeriesId series, Instant notBefore) {
        return failures.translate("read the latest reading", () -> parts.reader().latest(series, BucketQueries.ceilMillis(notBefore)));
    }

    @Override
    public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return failures.translate("read a page", () -> parts.pages().page(series, number, size, BucketQueries.ceilMillis(notBefore)));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate", () -> parts.aggregator().aggregate(series, range, millis, maxWindows));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate all series", () -> parts.aggregator().aggregate(null, range, millis, maxWindows));
    }

    /** Ids (with their latest meta where the collection keeps tags): counts and times would read every bucket of the listed series. */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return listSeries(TagFilter.ANY, prefix, after, limit, notBefore);
    }

    @Override
    public List<SeriesSummary> listSeries(TagFilter filter, String prefix, SeriesId after, int limit, Instant notBefore) {
        if (!parts.tags()) {
            requireAny(filter, "a series listing filtered by tags");
            return failures.translate("list series", () -> parts.lister().list(prefix, after, limit));
        }
        return failures.translate("list series", () -> parts.tagQueries().list(filter, prefix, after, limit));
    }

    @Override
    public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        if (!parts.tags() || series.isEmpty()) {
            return Map.of();
        }
        return failures.translate("read the series' latest tags", () -> parts.tagQueries().latestMeta(series));
    }

    @Override
    public List<Reading> read(SeriesId series, TagFilter filter, TimeRange range, int limit) {
        requireAny(filter, "readings filtered by tags");
        return failures.translate("read readings", () -> parts.reader().read(series, filter, range, limit));
    }

    @Override
    public List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        requireTags("the latest readings of the series matching tags");
        return failures.translate("read the latest readings",
                () -> parts.tagQueries().latest(filter, BucketQueries.ceilMillis(notBefore), limit));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate", () -> parts.aggregator().aggregate(series, filter, range, millis, maxWindows));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate all series", () -> parts.aggregator().aggregate(null, filter, range, millis, maxWindows));
    }

    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows) {
        requireTags("aggregates grouped by tags");
        WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate groups", () -> parts.grouped().aggregate(filter, groupBy, range, window, maxWindows));
    }

    /** A collection without tags answers {@link TagFilter#ANY} only, and refuses anything else naming the migrate that moves it. */
    private void requireAny(TagFilter filter, String asked) {
        if (!filter.isAny()) {
            requireTags(asked);
        }
    }

    private void requireTags(String asked) {
        if (!parts.tags()) {
            throw new TagsNotRecordedException(parts.where(), BACKEND, asked);
        }
    }

    @Override
    public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return failures.translate("read the latest reading of each series",
                () -> parts.lastpoints().read(selection, after, limit, BucketQueries.ceilMillis(notBefore)));
    }

    @Override
    public long deleteSeries(SeriesId series) {
        return failures.translate("delete a series", () -> parts.deletion().delete(series));
    }

    /** Removes whole windows (pages) before the cutoff, see {@link Eviction}; the TTL index does the same asynchronously. */
    @Override
    public long evictBefore(Instant cutoff) {
        long evicted = failures.translate("evict expired buckets",
                () -> Eviction.delete(parts.buckets(), parts.policy(), cutoff.toEpochMilli(), parts.sealing() != null));
        if (parts.sealing() != null) {
            seal(); // reclaiming is also when sealing catches up
        }
        return evicted;
    }

    /** The sealed layout: seals every window the seal policy lets go now; answers how many (0 in the row layout). */
    public long seal() {
        return parts.sealing() == null ? 0 : failures.translate("seal windows", parts.sealing()::sweep);
    }

    /** What sealing has sent to the server since the store was opened (zeros in the row layout): telemetry. */
    public WriteMetrics sealingMetrics() {
        return parts.counter().sealingMetrics();
    }

    /** Statistics of the sealed documents only (none in the row layout): telemetry for benchmarks. */
    public StorageStatistics sealedStatistics() {
        return failures.translate("read sealed statistics", () -> new StatisticsReader(parts.buckets(), BACKEND,
                Filters.eq(UNSEALED, false)).read());
    }

    /** The document layout this store writes and reads. */
    public DocumentLayout layout() {
        return parts.layout();
    }

    /** What this store has sent to its server since it was opened: telemetry for benchmarks, not a port method. */
    public WriteMetrics writeMetrics() {
        return parts.counter().metrics();
    }

    @Override
    public StoreHealth health() {
        return HealthPing.ping(parts.client(), failures);
    }

    @Override
    public StorageStatistics statistics() {
        return failures.translate("read storage statistics", parts.statistics()::read);
    }

    /** Rollup tier storage beside this store's readings, over its client ({@link MongoRollupStore}). */
    public StoreRollups rollups() {
        return MongoRollupStore.open(parts.client(), parts.buckets().getNamespace(), failures);
    }

    @Override
    public void close() {
        try {
            if (parts.sealing() != null) {
                parts.sealing().stop();
            }
        } finally {
            parts.client().close();
        }
    }

    CommandCounter counter() {
        return parts.counter();
    }

    BucketWriter writer() {
        return parts.writer();
    }

    MongoCollection<BsonDocument> collection() {
        return parts.buckets();
    }

    /** The sealed layout's sealer (null in the row layout), for tests that cut it between steps. */
    WindowSealer sealer() {
        return parts.sealing() == null ? null : parts.sealing().sealer();
    }
}
