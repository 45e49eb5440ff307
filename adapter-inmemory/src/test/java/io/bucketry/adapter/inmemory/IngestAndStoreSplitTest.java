package io.bucketry.adapter.inmemory;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.settings.Parts;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ingest service validates a batch in parts and this store stores it in parts by the one rule
 * ({@link Parts#forBatch}): for every batch size either both split it in all their parts or neither does.
 */
class IngestAndStoreSplitTest {

    private static final int PARALLELISM = 4;
    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");

    private static List<ReadingInput> batch(int size) {
        List<ReadingInput> inputs = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            inputs.add(ReadingInput.of("split-" + i % 500, NOW.minusMillis(i), Map.of("v", (double) i)));
        }
        return inputs;
    }

    @Test
    void theIngestServiceAndTheStoreSplitEveryBatchSizeAlike() {
        int min = Parts.MIN_READINGS_PER_PART;
        for (int size : List.of(min, 2 * min - 1, 2 * min, 2 * min + 1, 4 * min + 100)) {
            // given: the service's and the store's parts counted on separate executors
            AtomicInteger validated = new AtomicInteger();
            AtomicInteger stored = new AtomicInteger();
            Executor validating = task -> {
                validated.incrementAndGet();
                task.run();
            };
            Executor storing = task -> {
                stored.incrementAndGet();
                task.run();
            };
            try (InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), Long.MAX_VALUE, storing,
                    PARALLELISM)) {
                UseCases use = UseCases.over(store, ApplicationSettings.defaults().withIngestParallelism(PARALLELISM),
                        Clock.fixed(NOW, ZoneOffset.UTC), validating);

                // when
                int accepted = use.ingest().ingest(batch(size)).accepted();

                // then: the store hands its parts over twice (to key, then to store), the service once
                int handedOver = Parts.forBatch(size, PARALLELISM) - 1;
                assertThat(accepted).isEqualTo(size);
                assertThat(validated.get()).as("parts the service validated elsewhere, batch of %d", size)
                        .isEqualTo(handedOver);
                assertThat(stored.get()).as("parts the store stored elsewhere, batch of %d", size)
                        .isEqualTo(2 * handedOver);
            }
        }
    }
}
