package io.bucketry.application.contract;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A store that fails every batch after storing it: a crash between the raw write and what follows. */
final class FailingAfterStore implements ReadingStore {

    /** The injected failure, told apart from a real one. */
    static final class InjectedFailure extends RuntimeException {
        InjectedFailure(String message) {
            super(message);
        }
    }

    private final ReadingStore store;

    FailingAfterStore(ReadingStore store) {
        this.store = store;
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        store.store(readings);
        throw new InjectedFailure("injected: the process stopped after the raw write");
    }

    @Override public List<Reading> read(SeriesId series, TimeRange range, int limit) { return store.read(series, range, limit); }
    @Override public Optional<Reading> latest(SeriesId series, Instant notBefore) { return store.latest(series, notBefore); }
    @Override public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        return store.page(series, number, size, notBefore);
    }
    @Override public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
        return store.aggregate(series, range, window, maxWindows);
    }
    @Override public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        return store.aggregateAll(range, window, maxWindows);
    }
    @Override public long deleteSeries(SeriesId series) { return store.deleteSeries(series); }
    @Override public long evictBefore(Instant cutoff) { return store.evictBefore(cutoff); }
    @Override public String backend() { return store.backend(); }
    @Override public Set<Capability> capabilities() { return store.capabilities(); }
    @Override public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return store.lastpoints(selection, after, limit, notBefore);
    }
    @Override public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        return store.listSeries(prefix, after, limit, notBefore);
    }
    @Override public StoreHealth health() { return store.health(); }
    @Override public StorageStatistics statistics() { return store.statistics(); }
    @Override public void close() { }
}
