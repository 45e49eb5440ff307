package io.bucketry.server.metrics;

import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.out.StorageStatistics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * Gauges of what is stored (series, readings, buckets), from the describe use case at most once per
 * time-to-live: a scrape within it reuses the last statistics. A failed describe (counted as a store
 * error) shows NaN until the next attempt.
 */
final class StorageGauges {

    private final DescribeStorageUseCase describe;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private StorageStatistics last;
    private long takenAt;
    private boolean taken;

    private StorageGauges(DescribeStorageUseCase describe, Duration ttl, LongSupplier nanoTime) {
        this.describe = describe;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    static StorageGauges register(MeterRegistry registry, DescribeStorageUseCase describe, Duration ttl,
                                  LongSupplier nanoTime) {
        StorageGauges gauges = new StorageGauges(describe, ttl, nanoTime);
        gauges.gauge(registry, "bucketry.stored.series", "series stored", StorageStatistics::series);
        gauges.gauge(registry, "bucketry.stored.readings", "readings stored", StorageStatistics::readings);
        gauges.gauge(registry, "bucketry.stored.buckets", "buckets (documents) stored", StorageStatistics::buckets);
        return gauges;
    }

    private void gauge(MeterRegistry registry, String name, String description, ToDoubleFunction<StorageStatistics> value) {
        Gauge.builder(name, this, g -> g.value(value)).strongReference(true).description(description + " (refreshed at most every "
                + ttlNanos / 1_000_000_000 + "s)").register(registry);
    }

    private double value(ToDoubleFunction<StorageStatistics> value) {
        StorageStatistics statistics = statistics();
        return statistics == null ? Double.NaN : value.applyAsDouble(statistics);
    }

    /** The cached statistics, taken again once they are older than the time-to-live; null after a failure. */
    synchronized StorageStatistics statistics() {
        long now = nanoTime.getAsLong();
        if (!taken || now - takenAt >= ttlNanos) {
            taken = true;
            takenAt = now;
            try {
                last = describe.describe();
            } catch (RuntimeException e) {
                last = null;   // already counted by the metered use case; the gauges show NaN
            }
        }
        return last;
    }
}
