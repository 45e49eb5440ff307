package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An in-memory store that runs its maintenance sealing after every batch, so that every window its
 * seal policy allows is sealed before the next call: with {@code SealPolicy.immediate()}, each
 * ended window, the latest of a series too, is read and written as a sealed bucket.
 */
final class SealingAfterEveryBatch implements ReadingStore {

    private final InMemoryReadingStore store;

    SealingAfterEveryBatch(InMemoryReadingStore store) {
        this.store = store;
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        StoreResult result = store.store(readings);
        store.sealSealable();
        return result;
    }

    @Override
    public List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return store.read(series, range, limit);
    }

    @Override
    public void read(SeriesId series, TimeRange range, int limit, ReadingSink sink) {
        store.read(series, range, limit, sink);
    }

    @Override
    public Optional<Reading> latest(SeriesId series, Instant notBefore) {
        return store.latest(series, notBefore);
    }

    @Override
    public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return store.page(series, number, size, notBefore);
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
        return store.aggregate(series, range, window, maxWindows);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        return store.aggregateAll(range, window, maxWindows);
    }

    @Override
    public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        return store.latestMeta(series);
    }

    @Override
    public List<SeriesSummary> listSeries(TagFilter filter, String prefix, SeriesId after, int limit, Instant notBefore) {
        return store.listSeries(filter, prefix, after, limit, notBefore);
    }

    @Override
    public List<Reading> read(SeriesId series, TagFilter filter, TimeRange range, int limit) {
        return store.read(series, filter, range, limit);
    }

    @Override
    public List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        return store.latest(filter, notBefore, limit);
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                           int maxWindows) {
        return store.aggregate(series, filter, range, window, maxWindows);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        return store.aggregateAll(filter, range, window, maxWindows);
    }

    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                              int maxWindows) {
        return store.aggregateGroups(filter, groupBy, range, window, maxWindows);
    }

    @Override
    public long deleteSeries(SeriesId series) {
        return store.deleteSeries(series);
    }

    @Override
    public long evictBefore(Instant cutoff) {
        return store.evictBefore(cutoff);
    }

    @Override
    public String backend() {
        return store.backend();
    }

    @Override
    public Set<Capability> capabilities() {
        return store.capabilities();
    }

    @Override
    public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return store.lastpoints(selection, after, limit, notBefore);
    }

    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return store.listSeries(prefix, after, limit, notBefore);
    }

    @Override
    public StoreHealth health() {
        return store.health();
    }

    @Override
    public StorageStatistics statistics() {
        return store.statistics();
    }

    @Override
    public void close() {
        store.close();
    }
}
