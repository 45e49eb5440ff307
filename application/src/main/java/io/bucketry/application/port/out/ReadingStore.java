package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Outbound port: stores and reads readings, grouped into buckets by the store's
 * {@link io.bucketry.domain.BucketPolicy}. Everything handed in has been validated by the
 * application; a store adds no rules of its own beyond identity (the first stored reading of a
 * series and time wins). Implementations are thread-safe and translate their technology's
 * failures into {@link StoreUnavailableException}.
 */
public interface ReadingStore extends AutoCloseable {

    /** A short name of the backend, as shown in statistics ({@code inmemory}, {@code mongo-bucket}, …). */
    String backend();

    /** What this store can do beyond the common contract. */
    Set<Capability> capabilities();

    /**
     * Stores valid readings. A reading whose identity (series, time) is already stored — or
     * appears earlier in the same batch — is a duplicate: counted, not stored. Retrying a batch
     * after a failure stores nothing twice.
     */
    StoreResult store(List<Reading> readings);

    /** Readings of one series with times in {@code range}, in time order, at most {@code limit}. */
    List<Reading> read(SeriesId series, TimeRange range, int limit);

    /** The latest reading of a series at or after {@code notBefore}. */
    Optional<Reading> latest(SeriesId series, Instant notBefore);

    /**
     * Page {@code number} (from 1) of a series: its readings at or after {@code notBefore}, in time
     * order, from index {@code (number - 1) * size} to {@code number * size}; empty past the last page.
     */
    List<Reading> page(SeriesId series, long number, int size, Instant notBefore);

    /** Window aggregates of one series over {@code range}; windows aligned to multiples of {@code window}. */
    List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window);

    /**
     * Window aggregates of every series over {@code range}, ordered by series then window start.
     * A store may stop after {@code maxWindows + 1} windows: the caller refuses such a request.
     */
    List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows);

    /**
     * Series whose id starts with {@code prefix} (empty: any) and sorts after {@code after} (null: from
     * the first), in id order, at most {@code limit}; counts and times, where the store gives them,
     * cover only readings at or after {@code notBefore}. Never a scan of every bucket per call.
     */
    List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore);

    /** Removes a series; answers how many readings were removed. */
    long deleteSeries(SeriesId series);

    /**
     * Reclaims storage of buckets whose readings are all before {@code cutoff}; answers how many
     * buckets were removed. Stores whose server expires buckets itself (a TTL index) may do it here
     * too, so that retention does not wait for the server's monitor.
     */
    long evictBefore(Instant cutoff);

    /** What the store has sent to its server, for stores that talk to one. */
    default Optional<WriteMetrics> writeMetrics() {
        return Optional.empty();
    }

    /**
     * A cheap probe of whether the store can take writes now (a server ping within a short bound, a
     * capacity check); answers down with the reason rather than throwing.
     */
    StoreHealth health();

    /** Bucket statistics of what is physically stored. */
    StorageStatistics statistics();

    /** Releases connections and threads. */
    @Override
    void close();
}
