package io.bucketry.server.metrics;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The stored-data gauges ask for statistics at most once per time-to-live, however often they are read. */
class StorageGaugesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicLong nanos = new AtomicLong(1_000);
    private final AtomicInteger calls = new AtomicInteger();

    private double gauge(String name) {
        return registry.get(name).gauge().value();
    }

    @Test
    void scrapesWithinTheTimeToLiveReuseOneStatisticsCall() {
        // given: statistics that change with every call (readings = the number of the call)
        StorageGauges.register(registry, () -> {
            int call = calls.incrementAndGet();
            return StorageStatistics.of("test", 1, call, 1, call, null, null);
        }, Duration.ofSeconds(10), nanos::get);

        // when: every gauge is read twice within 10 s
        double first = gauge("bucketry.stored.readings");
        nanos.addAndGet(Duration.ofSeconds(9).toNanos());
        double series = gauge("bucketry.stored.series");
        double buckets = gauge("bucketry.stored.buckets");
        double second = gauge("bucketry.stored.readings");

        // then: one call behind all of them
        assertThat(calls).hasValue(1);
        assertThat(first).isEqualTo(1).isEqualTo(second);
        assertThat(series).isEqualTo(1);
        assertThat(buckets).isEqualTo(1);

        // when: the time-to-live has passed
        nanos.addAndGet(Duration.ofSeconds(1).toNanos());

        // then: the next read asks again
        assertThat(gauge("bucketry.stored.readings")).isEqualTo(2);
        assertThat(calls).hasValue(2);
    }

    @Test
    void aFailedCallShowsNaNAndIsNotRetriedBeforeTheTimeToLive() {
        StorageGauges.register(registry, () -> {
            if (calls.incrementAndGet() == 1) {
                throw new StoreUnavailableException("down");
            }
            return StorageStatistics.of("test", 4, 40, 5, 10, null, null);
        }, Duration.ofSeconds(10), nanos::get);

        assertThat(gauge("bucketry.stored.readings")).isNaN();
        assertThat(gauge("bucketry.stored.buckets")).isNaN();
        assertThat(calls).hasValue(1);

        nanos.addAndGet(Duration.ofSeconds(10).toNanos());
        assertThat(gauge("bucketry.stored.buckets")).isEqualTo(5);
        assertThat(gauge("bucketry.stored.readings")).isEqualTo(40);
        assertThat(calls).hasValue(2);
    }
}
