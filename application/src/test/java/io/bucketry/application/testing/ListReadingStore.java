package io.bucketry.application.testing;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Test double of the {@link ReadingStore} port: one synchronized list, scanned in full by every
 * call. Each entry remembers the bucket (series, window, sequence) it would occupy under the
 * policy, so that statistics, overflow and reclaiming behave like a real bucketing store.
 * Has {@link Capability#POLICY_BUCKETS} and {@link Capability#SERIES_COUNTS}; lacks {@link Capability#PAGED_BUCKETS}
 * and {@link Capability#BUCKET_BYTES}; remembers each batch it was handed.
 */
public final class ListReadingStore implements ReadingStore {

    private record Entry(Reading reading, BucketKey bucket) {
    }

    private record BucketKey(SeriesId series, long start, int seq) {
    }

    private final BucketPolicy.Windowed policy;
    private final List<Entry> entries = new ArrayList<>();
    private final List<List<Reading>> batches = new ArrayList<>();
    private boolean closed;

    public ListReadingStore(BucketPolicy policy) {
        if (!(policy instanceof BucketPolicy.Windowed windowed)) {
            throw new IllegalArgumentException("the list store cannot store pages: " + policy
                    + " is a paged policy and this backend lacks " + Capability.PAGED_BUCKETS);
        }
        this.policy = windowed;
    }

    /** Every batch handed to {@link #store}, in the order the calls took the lock. */
    public synchronized List<List<Reading>> batches() {
        return List.copyOf(batches);
    }

    @Override
    public String backend() {
        return "list";
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.POLICY_BUCKETS, Capability.SERIES_COUNTS);
    }

    @Override
    public synchronized List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        requireOpen();
        Map<SeriesId, List<Instant>> times = new java.util.TreeMap<>();
        for (Entry entry : entries) {
            SeriesId id = entry.reading().series();
            if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)
                    && !entry.reading().time().isBefore(notBefore)) {
                times.computeIfAbsent(id, k -> new ArrayList<>()).add(entry.reading().time());
            }
        }
        return times.entrySet().stream().limit(limit).map(e -> new SeriesSummary(e.getKey(), (long) e.getValue().size(),
                e.getValue().stream().min(Comparator.naturalOrder()).orElseThrow(),
                e.getValue().stream().max(Comparator.naturalOrder()).orElseThrow())).toList();
    }

    @Override
    public synchronized StoreHealth health() {
        return closed ? StoreHealth.down("the list store is closed") : StoreHealth.healthy();
    }

    @Override
    public synchronized StoreResult store(List<Reading> readings) {
        requireOpen();
        batches.add(List.copyOf(readings));
        int accepted = 0;
        int duplicates = 0;
        for (Reading reading : readings) {
            if (entries.stream().anyMatch(e -> e.reading.sameIdentityAs(reading))) {
                duplicates++;
            } else {
                entries.add(new Entry(reading, bucketFor(reading)));
                accepted++;
            }
        }
        return new StoreResult(accepted, duplicates);
    }

    /** The last bucket of the reading's window, or the next sequence when that one is full. */
    private BucketKey bucketFor(Reading reading) {
        long start = policy.windowStart(reading.epochMilli());
        int seq = 0;
        for (Entry entry : entries) {
            if (entry.bucket.series.equals(reading.series()) && entry.bucket.start == start) {
                seq = Math.max(seq, entry.bucket.seq);
            }
        }
        BucketKey last = new BucketKey(reading.series(), start, seq);
        int count = 0;
        long bytes = 0;
        for (Entry entry : entries) {
            if (entry.bucket.equals(last)) {
                count++;
                bytes += size(entry.reading);
            }
        }
        boolean full = count >= policy.maxCount()
                || count > 0 && bytes + size(reading) > policy.maxBytes();
        return full ? new BucketKey(reading.series(), start, seq + 1) : last;
    }

    @Override
    public synchronized List<Reading> read(SeriesId series, TimeRange range, int limit) {
        requireOpen();
        return sorted(series, range.from()).stream()
                .filter(r -> range.contains(r.epochMilli()))
                .limit(limit)
                .toList();
    }

    /** Brute force: every series' latest, gathered from all entries. */
    @Override
    public synchronized List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        requireOpen();
        return entries.stream().map(e -> e.reading().series()).distinct()
                .filter(id -> id.value().startsWith(selection.prefix()) && (after == null || id.compareTo(after) > 0))
                .sorted().map(id -> latest(id, notBefore)).flatMap(Optional::stream).limit(limit).toList();
    }

    @Override
    public synchronized Optional<Reading> latest(SeriesId series, Instant notBefore) {
        requireOpen();
        List<Reading> readings = sorted(series, notBefore);
        return readings.isEmpty() ? Optional.empty() : Optional.of(readings.get(readings.size() - 1));
    }

    @Override
    public synchronized List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        requireOpen();
        List<Reading> readings = sorted(series, notBefore);
        long from = (number - 1) * size;
        if (from >= readings.size()) {
            return List.of();
        }
        return List.copyOf(readings.subList((int) from, (int) Math.min(readings.size(), from + size)));
    }

    @Override
    public synchronized List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window,
                                                        int maxWindows) {
        requireOpen();
        WindowAggregator aggregator = new WindowAggregator(series, window);
        for (Reading reading : sorted(series, range.from())) {
            if (range.contains(reading.epochMilli())) {
                aggregator.add(reading);
                if (aggregator.windowCount() > maxWindows) {
                    break;   // as a store may: the caller refuses the request
                }
            }
        }
        return aggregator.result();
    }

    @Override
    public synchronized List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        requireOpen();
        List<WindowAggregate> result = new ArrayList<>();
        for (SeriesId series : seriesIds()) {
            result.addAll(aggregate(series, range, window, maxWindows - result.size()));
            if (result.size() > maxWindows) {
                break;
            }
        }
        return result;
    }

    @Override
    public synchronized long deleteSeries(SeriesId series) {
        requireOpen();
        int before = entries.size();
        entries.removeIf(e -> e.reading.series().equals(series));
        return before - entries.size();
    }

    @Override
    public synchronized long evictBefore(Instant cutoff) {
        requireOpen();
        Map<BucketKey, Long> lastTimes = new HashMap<>();
        for (Entry entry : entries) {
            lastTimes.merge(entry.bucket, entry.reading.epochMilli(), Math::max);
        }
        long evicted = lastTimes.values().stream().filter(last -> last < cutoff.toEpochMilli()).count();
        entries.removeIf(e -> lastTimes.get(e.bucket) < cutoff.toEpochMilli());
        return evicted;
    }

    @Override
    public synchronized StorageStatistics statistics() {
        requireOpen();
        Map<BucketKey, Long> counts = new HashMap<>();
        for (Entry entry : entries) {
            counts.merge(entry.bucket, 1L, Long::sum);
        }
        long max = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        return StorageStatistics.of(backend(), seriesIds().size(), entries.size(), counts.size(), max, null,
                "buckets are simulated by a list");
    }

    @Override
    public synchronized void close() {
        closed = true;
    }

    private List<Reading> sorted(SeriesId series, Instant notBefore) {
        return entries.stream()
                .map(Entry::reading)
                .filter(r -> r.series().equals(series) && !r.time().isBefore(notBefore))
                .sorted(Comparator.comparing(Reading::time))
                .toList();
    }

    private Set<SeriesId> seriesIds() {
        Set<SeriesId> ids = new TreeSet<>();
        entries.forEach(e -> ids.add(e.reading.series()));
        return ids;
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the list store is closed");
        }
    }

    /** This double's own measure against the byte ceiling: names and values (3 bytes a text character), 64 for the rest. */
    private static int size(Reading reading) {
        int bytes = 64;
        for (int i = 0; i < reading.fields().size(); i++) {
            bytes += reading.fields().schema().name(i).length()
                    + (reading.fields().isText(i) ? 3 * reading.fields().textAt(i).length() : 8);
        }
        return bytes;
    }
}
