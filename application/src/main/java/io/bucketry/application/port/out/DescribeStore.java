package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Outbound port of introspection: what the store is, what it holds, and whether it can take writes. */
public interface DescribeStore {

    /** A short name of the backend, as shown in statistics ({@code inmemory}, {@code mongo-bucket}, …). */
    String backend();

    /** What this store does differently from the common contract (the contract suite gates on these). */
    Set<Capability> capabilities();

    /**
     * Series whose id starts with {@code prefix} (empty: any) and sorts after {@code after} (null: from
     * the first), in id order, at most {@code limit}; counts and times, where the store gives them,
     * cover only readings at or after {@code notBefore}. Never a scan of every bucket per call.
     */
    List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore);

    /**
     * A cheap probe of whether the store can take writes now (a server ping within a short bound, a
     * capacity check); answers down with the reason rather than throwing.
     */
    StoreHealth health();

    /** Bucket statistics of what is physically stored. */
    StorageStatistics statistics();
}
