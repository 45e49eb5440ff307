package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;

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
     * As {@link #listSeries(String, SeriesId, int, Instant)}, only the series whose latest tags match
     * {@code filter}; each with its latest meta. A store with {@link Capability#TAGS} finds them through
     * an index from tag to series, not by reading every series.
     *
     * @throws TagsUnsupportedException for a filter other than {@link TagFilter#ANY} on a store without tags
     */
    default List<SeriesSummary> listSeries(TagFilter filter, String prefix, SeriesId after, int limit,
                                           Instant notBefore) {
        if (!filter.isAny()) {
            throw new TagsUnsupportedException(backend(), "a series listing filtered by tags");
        }
        return listSeries(prefix, after, limit, notBefore);
    }

    /**
     * A cheap probe of whether the store can take writes now (a server ping within a short bound, a
     * capacity check); answers down with the reason rather than throwing.
     */
    StoreHealth health();

    /** Bucket statistics of what is physically stored. */
    StorageStatistics statistics();
}
