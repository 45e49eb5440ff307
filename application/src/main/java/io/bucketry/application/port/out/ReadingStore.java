package io.bucketry.application.port.out;

/**
 * Outbound port as a whole: a store of readings, grouped into buckets by the store's
 * {@link io.bucketry.domain.BucketPolicy}, as adapters implement it. Services depend only on the
 * narrow ports they call ({@link StoreReadings}, {@link LoadReadings}, {@link LoadLastpoints}, {@link AggregateReadings},
 * {@link MaintainStore}, {@link DescribeStore}). Everything handed in has been validated by the
 * application; a store adds no rules of its own beyond identity (the first stored reading of a
 * series and time wins). Implementations are thread-safe and translate their technology's
 * failures into {@link StoreUnavailableException}.
 */
public interface ReadingStore extends StoreReadings, LoadReadings, LoadLastpoints, AggregateReadings, MaintainStore, DescribeStore,
        AutoCloseable {

    /** Releases connections and threads. */
    @Override
    void close();
}
