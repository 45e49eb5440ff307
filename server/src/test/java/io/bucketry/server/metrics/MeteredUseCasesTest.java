package io.bucketry.server.metrics;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The caller's bad input is a refused call, not a store error; the use case's answer passes through unchanged. */
class MeteredUseCasesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final BucketryConfig config = BucketryConfig.builder().maxBatchSize(2).build();
    private final UseCases metered = MeteredUseCases.around(UseCases.over(
            new InMemoryReadingStore(config.bucketPolicyValue()), config.applicationSettings(), Clock.systemUTC()),
            registry);

    @Test
    void aRefusedBatchIsTimedAsRefusedAndCountsNoStoreError() {
        ReadingInput input = new ReadingInput("s", Instant.now().toString(), Map.of("v", 1));

        assertThatThrownBy(() -> metered.ingest().ingest(Collections.nCopies(3, input)))
                .isInstanceOf(InvalidRequestException.class);

        assertThat(registry.get("bucketry.store.operations").tags("operation", "ingest", "outcome", "refused")
                .timer().count()).isEqualTo(1);
        assertThat(registry.find("bucketry.store.errors").counters()).isEmpty();
        assertThat(registry.find("bucketry.readings.accepted").counter().count()).isZero();
    }

    @Test
    void anIngestReportIsReturnedAsTheUseCaseGaveIt() {
        ReadingInput input = new ReadingInput("s", Instant.now().toString(), Map.of("v", 1));

        var report = metered.ingest().ingest(List.of(input, input));

        assertThat(report.accepted()).isEqualTo(1);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(registry.find("bucketry.readings.accepted").counter().count()).isEqualTo(1);
        assertThat(registry.find("bucketry.readings.duplicates").counter().count()).isEqualTo(1);
        assertThat(registry.get("bucketry.store.operations").tags("operation", "ingest", "outcome", "ok")
                .timer().count()).isEqualTo(1);
    }
}
