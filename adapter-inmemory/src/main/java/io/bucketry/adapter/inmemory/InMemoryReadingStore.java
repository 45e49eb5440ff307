package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.Bucket;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * In-process {@link ReadingStore}: per series, primitive-array {@link Bucket}s under the same
 * {@link BucketPolicy} as every backend (overflow buckets included). Thread-safe with one lock per
 * series, so writers of different series never wait for each other.
 */
public final class InMemoryReadingStore implements ReadingStore {

    private static final int PARALLELISM = Math.min(8, Runtime.getRuntime().availableProcessors());
    private static final int MIN_READINGS_PER_PART = 2048;

    private final BucketPolicy policy;
    // keyed by the id's text: equal strings are often the same object, which saves a comparison
    private final ConcurrentHashMap<String, SeriesBuckets> series = new ConcurrentHashMap<>();

    public InMemoryReadingStore(BucketPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    @Override
    public String backend() {
        return "inmemory";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.POLICY_BUCKETS, Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES);
    }

    /**
     * Stores a batch; a large batch is split by series over the available cores (a series' readings
     * stay in one part and in batch order, so the earlier of two equal readings still wins).
     */
    @Override
    public StoreResult store(List<Reading> readings) {
        int parts = Math.min(PARALLELISM, readings.size() / MIN_READINGS_PER_PART);
        if (parts < 2) {
            return storeInOrder(readings);
        }
        List<List<Reading>> partition = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) {
            partition.add(new ArrayList<>(readings.size() / parts + 16));
        }
        for (Reading reading : readings) {
            partition.get(Math.floorMod(reading.series().value().hashCode(), parts)).add(reading);
        }
        return partition.parallelStream().map(this::storeInOrder).reduce(StoreResult.EMPTY, StoreResult::plus);
    }

    private StoreResult storeInOrder(List<Reading> readings) {
        int accepted = 0;
        for (Reading reading : readings) {
            if (add(reading)) {
                accepted++;
            }
        }
        return new StoreResult(accepted, readings.size() - accepted);
    }

    private boolean add(Reading reading) {
        // get() first: computeIfAbsent locks the map's bin even when the series exists
        SeriesBuckets buckets = series.get(reading.series().value());
        while (true) {
            if (buckets == null) {
                buckets = series.computeIfAbsent(reading.series().value(), id -> new SeriesBuckets(reading.series(), policy));
            }
            synchronized (buckets) {
                // a concurrent delete detached this instance: retry with a fresh one
                if (!buckets.isDeleted()) {
                    return buckets.add(reading);
                }
            }
            buckets = null;
        }
    }

    @Override
    public List<Reading> read(SeriesId id, TimeRange range, int limit) {
        SeriesBuckets buckets = series.get(id.value());
        if (buckets == null) {
            return List.of();
        }
        synchronized (buckets) {
            // sized up front: a dashboard range returns thousands of readings
            List<Reading> out = new ArrayList<>(SeriesReads.countAtMost(buckets, range.fromMilli(), range.toMilli(), limit));
            SeriesReads.read(buckets, range.fromMilli(), range.toMilli(), limit, out);
            return out;
        }
    }

    @Override
    public Optional<Reading> latest(SeriesId id, Instant notBefore) {
        SeriesBuckets buckets = series.get(id.value());
        if (buckets == null) {
            return Optional.empty();
        }
        synchronized (buckets) {
            return SeriesReads.latest(buckets, notBefore);
        }
    }

    @Override
    public List<Reading> page(SeriesId id, long number, int size, Instant notBefore) {
        SeriesBuckets buckets = series.get(id.value());
        if (buckets == null) {
            return List.of();
        }
        List<Reading> out = new ArrayList<>(Math.min(size, 1024));
        synchronized (buckets) {
            SeriesReads.page(buckets, (number - 1) * size, size, notBefore.toEpochMilli(), out);
        }
        return out;
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId id, TimeRange range, Duration window) {
        SeriesBuckets buckets = series.get(id.value());
        if (buckets == null) {
            return List.of();
        }
        return aggregate(id, buckets, range, window).result();
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        List<String> ids = new ArrayList<>(series.keySet());
        ids.sort(null);
        List<WindowAggregate> out = new ArrayList<>();
        for (String id : ids) {
            SeriesBuckets buckets = series.get(id);
            if (buckets != null) {
                out.addAll(aggregate(buckets.series(), buckets, range, window).result());
                if (out.size() > maxWindows) {
                    break;
                }
            }
        }
        return out;
    }

    private static WindowAggregator aggregate(SeriesId id, SeriesBuckets buckets, TimeRange range, Duration window) {
        WindowAggregator aggregator = new WindowAggregator(id, window);
        synchronized (buckets) {
            buckets.aggregate(aggregator, range.fromMilli(), range.toMilli());
        }
        return aggregator;
    }

    @Override
    public long deleteSeries(SeriesId id) {
        SeriesBuckets buckets = series.get(id.value());
        if (buckets == null) {
            return 0;
        }
        synchronized (buckets) {
            series.remove(id.value(), buckets);
            return buckets.isDeleted() ? 0 : buckets.delete();
        }
    }

    @Override
    public long evictBefore(Instant cutoff) {
        long removed = 0;
        long cutoffMilli = cutoff.toEpochMilli();
        for (Map.Entry<String, SeriesBuckets> entry : series.entrySet()) {
            SeriesBuckets buckets = entry.getValue();
            synchronized (buckets) {
                removed += buckets.evictBefore(cutoffMilli);
                if (buckets.bucketCount() == 0 && !buckets.isDeleted()) {
                    buckets.delete();
                    series.remove(entry.getKey(), buckets);
                }
            }
        }
        return removed;
    }

    @Override
    public StorageStatistics statistics() {
        long seriesCount = 0;
        long readings = 0;
        long bucketCount = 0;
        long max = 0;
        long bytes = 0;
        for (SeriesBuckets buckets : series.values()) {
            synchronized (buckets) {
                if (buckets.bucketCount() == 0) {
                    continue;
                }
                seriesCount++;
                for (int i = 0; i < buckets.bucketCount(); i++) {
                    Bucket bucket = buckets.bucket(i);
                    readings += bucket.count();
                    max = Math.max(max, bucket.count());
                    bytes += bucket.heapBytes();
                }
                bucketCount += buckets.bucketCount();
            }
        }
        Double avgBytes = bucketCount == 0 ? null : (double) bytes / bucketCount;
        return StorageStatistics.of(backend(), seriesCount, readings, bucketCount, max, avgBytes,
                "avgBucketBytes is the heap held by a bucket: its times, its rows of field values and its text dictionary");
    }

    @Override
    public void close() {
        series.clear();
    }
}
