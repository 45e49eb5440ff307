package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.HealthPing;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.adapter.mongo.common.rollups.MongoRollupStore;
import io.bucketry.application.port.out.StoreRollups;
import com.mongodb.event.CommandListener;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
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
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.adapter.mongo.common.layout.TagsNotRecordedException;
import org.bson.Document;
import java.util.Collection;
import java.util.Map;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reading store on a MongoDB 5.0+ native time-series collection (the server does the bucketing),
 * or — when enabled — a plain collection of one document per reading on servers without them.
 */
public final class MongoTimeSeriesReadingStore implements ReadingStore {

    /** What the port methods hand their work to, wired by {@link StoreOpening}. */
    private final StoreOpening.Parts parts;
    private final MongoFailures failures;

    /** A store of the parts {@link StoreOpening} wired. */
    MongoTimeSeriesReadingStore(StoreOpening.Parts parts) {
        this.parts = parts;
        this.failures = parts.failures();
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
        return StoreOpening.open(settings, requested, retention, extraListener);
    }

    @Override
    public String backend() {
        return StatisticsReader.BACKEND;
    }

    /** Never PAGED_BUCKETS; BUCKET_BYTES on a native collection (collStats measures its buckets); DURABLE. */
    @Override
    public Set<Capability> capabilities() {
        Set<Capability> capabilities = parts.layout().fallback() ? EnumSet.of(Capability.DURABLE)
                : EnumSet.of(Capability.BUCKET_BYTES, Capability.DURABLE);
        if (tags()) {
            capabilities.add(Capability.TAGS);
        }
        return capabilities;
    }

    private boolean tags() {
        return parts.layout().meta().keepsTags();
    }

    /** True when readings go to a plain collection because the server has no native time-series collections. */
    public boolean usesFallback() {
        return parts.layout().fallback();
    }

    /** What the operator should be told at start (the fallback above all); empty when all is as asked. */
    public List<String> startWarnings() {
        return parts.layout().warnings();
    }

    /** What the operator should be told about the layout at start: recorded, adopted, or safely changed. */
    public List<String> startNotes() {
        return parts.startNotes();
    }

    /** The MongoDB version the server reported. */
    public String serverVersion() {
        return parts.layout().version().binary().toString();
    }

    /** The server's features as this store sees them: binary version and featureCompatibilityVersion. */
    ServerFeatures serverFeatures() {
        return parts.layout().version();
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        return failures.translate("store " + readings.size() + " readings", () -> parts.writer().store(readings));
    }

    @Override
    public List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return failures.translate("read series " + series, () -> parts.queries().read(series, range, limit));
    }

    @Override
    public Optional<Reading> latest(SeriesId series, Instant notBefore) {
        return failures.translate("read the latest of series " + series, () -> parts.queries().latest(series, notBefore));
    }

    @Override
    public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return failures.translate("read page " + number + " of series " + series,
                () -> parts.queries().page(series, number, size, notBefore));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate series " + series, () -> WindowResults.toAggregates(parts.queried()
                .aggregate(WindowPipeline.forSeries(parts.layout().meta(), series.value(), null, range, millis,
                        WindowPipeline.limitPast(maxWindows)))
                .allowDiskUse(true), millis, parts.layout().meta()));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        long millis = WindowAggregator.requirePositiveMillis(window);
        return failures.translate("aggregate all series", () -> WindowResults.toAggregates(parts.queried()
                .aggregate(WindowPipeline.forAll(parts.layout().meta(), null, range, millis, WindowPipeline.limitPast(maxWindows)))
                .allowDiskUse(true), millis, parts.layout().meta()));
    }

    /** Ids (with their latest meta where the collection keeps tags): counts and times would unpack the series' buckets. */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return listSeries(TagFilter.ANY, prefix, after, limit, notBefore);
    }

    @Override
    public List<SeriesSummary> listSeries(TagFilter filter, String prefix, SeriesId after, int limit, Instant notBefore) {
        if (!tags()) {
            requireAny(filter, "a series listing filtered by tags");
            return failures.translate("list series", () -> parts.lister().list(prefix, after, limit));
        }
        return failures.translate("list series", () -> parts.tagReads().list(filter, prefix, after, limit));
    }

    @Override
    public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        if (!tags() || series.isEmpty()) {
            return Map.of();
        }
        return failures.translate("read the series' latest tags", () -> parts.tagReads().latestMeta(series));
    }

    @Override
    public List<Reading> read(SeriesId series, TagFilter filter, TimeRange range, int limit) {
        requireAny(filter, "readings filtered by tags");
        return failures.translate("read series " + series,
                () -> parts.queries().read(series, TagReads.match(parts.layout().meta(), filter), range, limit));
    }

    @Override
    public List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        requireTags("the latest readings of the series matching tags");
        return failures.translate("read the latest readings", () -> parts.tagReads().latest(filter, notBefore, limit));
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        long millis = WindowAggregator.requirePositiveMillis(window);
        MetaField meta = parts.layout().meta();
        return failures.translate("aggregate series " + series, () -> WindowResults.toAggregates(parts.queried()
                .aggregate(WindowPipeline.forSeries(meta, series.value(), TagReads.match(meta, filter), range, millis,
                        WindowPipeline.limitPast(maxWindows)))
                .allowDiskUse(true), millis, meta));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        long millis = WindowAggregator.requirePositiveMillis(window);
        int limit = maxWindows == Integer.MAX_VALUE ? maxWindows : maxWindows + 1;
        MetaField meta = parts.layout().meta();
        return failures.translate("aggregate all series", () -> WindowResults.toAggregates(parts.queried()
                .aggregate(WindowPipeline.forAll(meta, TagReads.match(meta, filter), range, millis, limit))
                .allowDiskUse(true), millis, meta));
    }

    /** The server reduces each series to its windows per group ({@link WindowPipeline#forGroups}); they merge here. */
    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows) {
        requireTags("aggregates grouped by tags");
        long millis = WindowAggregator.requirePositiveMillis(window);
        MetaField meta = parts.layout().meta();
        return failures.translate("aggregate groups", () -> {
            GroupMerge merge = new GroupMerge(groupBy, millis, meta);
            for (Document seriesWindow : parts.queried().aggregate(WindowPipeline.forGroups(meta, TagReads.match(meta, filter),
                    groupBy, range, millis, 0)).allowDiskUse(true)) {
                if (merge.add(seriesWindow) > maxWindows) {
                    break; // the caller refuses this answer
                }
            }
            return merge.result();
        });
    }

    /** A collection without tags answers {@link TagFilter#ANY} only, and refuses anything else naming the migrate that moves it. */
    private void requireAny(TagFilter filter, String asked) {
        if (!filter.isAny()) {
            requireTags(asked);
        }
    }

    private void requireTags(String asked) {
        if (!tags()) {
            throw new TagsNotRecordedException(parts.where(), StatisticsReader.BACKEND, asked);
        }
    }

    @Override
    public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return failures.translate("read the latest reading of each series",
                () -> parts.lastpoints().read(selection, after, limit, notBefore));
    }

    /** Deletes on the metaField; answers how many readings were removed. */
    @Override
    public long deleteSeries(SeriesId series) {
        return failures.translate("delete series " + series, () -> parts.remover().deleteSeries(series));
    }

    /**
     * Removes readings of policy windows that end by {@code cutoff}; answers buckets removed
     * (fallback: documents; native: the fall of the server's bucket count). Before MongoDB 7.0 a
     * time-series collection cannot delete by time: nothing is deleted here (0), and the
     * collection's expireAfterSeconds removes expired buckets.
     */
    @Override
    public long evictBefore(Instant cutoff) {
        return failures.translate("evict readings before " + cutoff, () -> parts.remover().evictBefore(cutoff));
    }

    @Override
    public StoreHealth health() {
        return HealthPing.ping(parts.client(), failures);
    }

    @Override
    public StorageStatistics statistics() {
        return failures.translate("read statistics", parts.statistics()::read);
    }

    /**
     * Write commands and statements counted by a command listener on this store's client since it was
     * opened: telemetry for benchmarks, not a port method.
     */
    public WriteMetrics writeMetrics() {
        return parts.counter().metrics();
    }

    /** Commands named {@code name} sent so far (for tests of the one-query-per-batch rule). */
    long commandsSent(String name) {
        return parts.counter().commands(name);
    }

    /** Rollup tier storage beside this store's readings, over its client ({@link MongoRollupStore}). */
    public StoreRollups rollups() {
        return MongoRollupStore.open(parts.client(), parts.queried().getNamespace(), failures);
    }

    @Override
    public void close() {
        parts.client().close();
    }
}
