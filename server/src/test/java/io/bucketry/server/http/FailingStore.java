package io.bucketry.server.http;

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
import java.util.function.Supplier;

/** A store whose every call fails with the exception {@code failure} supplies (unreachable server, bug). */
final class FailingStore implements ReadingStore {

    private final Supplier<RuntimeException> failure;

    FailingStore(Supplier<RuntimeException> failure) {
        this.failure = failure;
    }

    @Override public String backend() { return "failing"; }
    @Override public Set<Capability> capabilities() { return Set.of(); }
    @Override public StoreResult store(List<Reading> readings) { throw failure.get(); }
    @Override public List<Reading> read(SeriesId series, TimeRange range, int limit) { throw failure.get(); }
    @Override public Optional<Reading> latest(SeriesId series, Instant notBefore) { throw failure.get(); }
    @Override public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) { throw failure.get(); }
    @Override public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
        throw failure.get();
    }
    @Override public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) { throw failure.get(); }
    @Override public List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) { throw failure.get(); }
    @Override public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) { throw failure.get(); }
    @Override public long deleteSeries(SeriesId series) { throw failure.get(); }
    @Override public long evictBefore(Instant cutoff) { throw failure.get(); }
    @Override public StoreHealth health() { throw failure.get(); }
    @Override public StorageStatistics statistics() { throw failure.get(); }
    @Override public void close() { }
}
