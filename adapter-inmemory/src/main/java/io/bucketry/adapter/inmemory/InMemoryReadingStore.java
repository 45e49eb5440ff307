package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.SubWindows;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Map;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * In-process {@link ReadingStore}: per series, {@link PackedBucket}s under the same
 * {@link BucketPolicy} as every backend (overflow buckets included), in a table striped by series
 * ({@link StripedSeries}). Thread-safe. By default a batch is stored on the calling thread; given
 * an executor and a parallelism, a large batch is stored in parts by stripe on that executor (the
 * embedding application chooses the threads, never a common pool).
 *
 * <p>A bucket the {@link SealPolicy} allows to seal (by the store's clock) is replaced by its sealed
 * form ({@link SealedColumns}): when its series moves on to a later window (or page), and in the
 * maintenance step ({@link #evictBefore}) for the rest. Unless told otherwise, the default policy
 * (10 minutes after a window's end) on the system clock.
 */
public final class InMemoryReadingStore implements ReadingStore {

    private final StoreCapacity capacity;
    private final Sealing sealing;
    private final StripedSeries series;
    /** The policy's sub-windows: aggregates whose window they answer read their summaries ({@link SubWindowAggregates}). */
    private final SubWindows subWindows;
    private final Executor executor;
    private final int parallelism;
    private final TaggedQueries tagged;
    private InMemoryRollupStore rollups;

    /** A store whose memory limit is half of the JVM's maximum heap, storing on the calling thread. */
    public InMemoryReadingStore(BucketPolicy policy) {
        this(policy, StoreCapacity.ofHeapShare(), Runnable::run, 1);
    }

    /** As {@link #InMemoryReadingStore(BucketPolicy)}, sealing buckets by {@code seal} on {@code clock}. */
    public InMemoryReadingStore(BucketPolicy policy, SealPolicy seal, Clock clock) {
        this(policy, StoreCapacity.ofHeapShare(), seal, clock, Runnable::run, 1);
    }

    /**
     * A store that refuses a batch ({@link StoreFullException}) once the readings it holds would take
     * more than about {@code memoryLimitBytes} of heap, or the JVM's long-lived heap is nearly full.
     */
    public InMemoryReadingStore(BucketPolicy policy, long memoryLimitBytes) {
        this(policy, StoreCapacity.ofLimit(memoryLimitBytes), Runnable::run, 1);
    }

    /**
     * As {@link #InMemoryReadingStore(BucketPolicy, long)}, storing a batch of at least
     * {@value io.bucketry.application.settings.Parts#MIN_READINGS_PER_PART} readings per part in up to {@code parallelism}
     * parts, all but one on {@code executor} (which this store never shuts down).
     */
    public InMemoryReadingStore(BucketPolicy policy, long memoryLimitBytes, Executor executor, int parallelism) {
        this(policy, StoreCapacity.ofLimit(memoryLimitBytes), executor, parallelism);
    }

    /** As {@link #InMemoryReadingStore(BucketPolicy, long, Executor, int)}, sealing buckets by {@code seal} on {@code clock}. */
    public InMemoryReadingStore(BucketPolicy policy, SealPolicy seal, Clock clock, long memoryLimitBytes,
                                Executor executor, int parallelism) {
        this(policy, StoreCapacity.ofLimit(memoryLimitBytes), seal, clock, executor, parallelism);
    }

    InMemoryReadingStore(BucketPolicy policy, StoreCapacity capacity) {
        this(policy, capacity, Runnable::run, 1);
    }

    private InMemoryReadingStore(BucketPolicy policy, StoreCapacity capacity, Executor executor, int parallelism) {
        this(policy, capacity, SealPolicy.defaults(), Clock.systemUTC(), executor, parallelism);
    }

    InMemoryReadingStore(BucketPolicy policy, StoreCapacity capacity, SealPolicy seal, Clock clock, Executor executor,
                         int parallelism) {
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        this.sealing = new Sealing(Objects.requireNonNull(seal, "seal"), Objects.requireNonNull(clock, "clock"),
                capacity::changed, capacity::nearLimit);
        this.series = new StripedSeries(Objects.requireNonNull(policy, "policy"), sealing,
                Objects.requireNonNull(executor, "executor"), parallelism);
        this.subWindows = policy instanceof BucketPolicy.Windowed windowed ? windowed.subWindows() : SubWindows.off();
        this.executor = executor;
        this.parallelism = parallelism;
        this.tagged = new TaggedQueries(series, subWindows);
    }

    /**
     * The rollup store beside this store (one per store): its pending windows are marked by this store as
     * it stores each reading, which spares ingest a step of its own (see {@link InMemoryRollupStore}).
     */
    public synchronized InMemoryRollupStore rollups() {
        if (rollups == null) {
            rollups = new InMemoryRollupStore(series, executor, parallelism);
        }
        return rollups;
    }

    @Override
    public String backend() {
        return "inmemory";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.POLICY_BUCKETS, Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES,
                Capability.SERIES_COUNTS, Capability.SUB_WINDOW_SUMMARIES, Capability.TAGS);
    }

    @Override
    public StoreResult store(List<Reading> batch) {
        int accepted = series.store(batch.toArray(new Reading[0]), capacity);   // refuses the whole batch before storing
        return new StoreResult(accepted, batch.size() - accepted);
    }

    @Override
    public List<Reading> read(SeriesId id, TimeRange range, int limit) {
        return series.query(id, List.of(),
                buckets -> buckets.withMeta(SeriesReads.read(buckets, range.fromMilli(), range.toMilli(), limit)));
    }

    /** A bucket's packed rows or a sealed bucket's decoded columns handed on as they are, under the stripe's lock. */
    @Override
    public void read(SeriesId id, TimeRange range, int limit, ReadingSink sink) {
        series.query(id, null, buckets -> {
            SeriesReads.read(buckets, id, range.fromMilli(), range.toMilli(), limit, sink);
            return null;
        });
    }

    @Override
    public Optional<Reading> latest(SeriesId id, Instant notBefore) {
        return series.query(id, Optional.empty(),
                buckets -> SeriesReads.latest(buckets, notBefore).map(r -> r.withMeta(buckets.metaAt(r.epochMilli()))));
    }

    @Override
    public List<Reading> page(SeriesId id, long number, int size, Instant notBefore) {
        return series.query(id, List.of(), buckets -> {
            List<Reading> out = new ArrayList<>(Math.min(size, 1024));
            SeriesReads.page(buckets, (number - 1) * size, size, notBefore.toEpochMilli(), out);
            return buckets.withMeta(out);
        });
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId id, TimeRange range, Duration window, int maxWindows) {
        return series.query(id, List.of(), buckets -> SeriesAggregates.of(buckets, subWindows, range, window, maxWindows));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        return SeriesAggregates.ofAll(series, subWindows, range, window, maxWindows);
    }

    /** Every series' ids gathered and sorted, then summarised in order ({@link SeriesListing}). */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return SeriesListing.list(series, TagFilter.ANY, prefix, after, limit, notBefore);
    }

    @Override
    public List<SeriesSummary> listSeries(TagFilter filter, String prefix, SeriesId after, int limit, Instant notBefore) {
        return SeriesListing.list(series, filter, prefix, after, limit, notBefore);
    }

    @Override
    public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> ids) {
        return tagged.latestMeta(ids);
    }

    @Override
    public List<Reading> read(SeriesId id, TagFilter filter, TimeRange range, int limit) {
        return tagged.read(id, filter, range, limit);
    }

    @Override
    public List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        return tagged.latest(filter, notBefore, limit);
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId id, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows) {
        return tagged.aggregate(id, filter, range, window, maxWindows);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        return tagged.aggregateAll(filter, range, window, maxWindows);
    }

    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows) {
        return tagged.groups(filter, groupBy, range, window, maxWindows);
    }

    /** The last row of each series' latest bucket, in id order ({@link SeriesListing#lastpoints}). */
    @Override
    public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return SeriesListing.lastpoints(series, selection.prefix(), after, limit, notBefore);
    }

    @Override
    public long deleteSeries(SeriesId id) {
        return Maintenance.deleteSeries(series, capacity, id);
    }

    /** Also the store's maintenance step: after removing, it seals every bucket the seal policy allows now. */
    @Override
    public long evictBefore(Instant cutoff) {
        return Maintenance.evictBefore(series, sealing, capacity, cutoff.toEpochMilli());
    }

    /** Seals every bucket the seal policy allows now, as the maintenance step does; answers how many. */
    long sealSealable() {
        return Maintenance.sealSealable(series, sealing);
    }

    /**
     * What sealing measured so far and the heap of the sealed and the open buckets now (for
     * benchmarks such as simulate; not part of the store port).
     */
    public SealingFigures sealingFigures() {
        return BucketCensus.sealing(series, sealing);
    }

    /**
     * The heap held by the sub-window summaries of every bucket, open and sealed, by the store's own
     * accounting (part of each bucket's heap in {@link #statistics()}); 0 without sub-windows. For
     * benchmarks such as simulate, which report their cost; not part of the store port.
     */
    public long subWindowHeapBytes() {
        return BucketCensus.subWindowBytes(series);
    }

    @Override
    public StoreHealth health() {
        return capacity.health();
    }

    @Override
    public StorageStatistics statistics() {
        return BucketCensus.statistics(backend(), series);
    }

    @Override
    public void close() {
        series.clear();
    }
}
