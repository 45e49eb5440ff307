package io.bucketry.bootstrap;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The ingest pool a Bucketry instance owns: used for large batches when the parallelism allows, stopped on close. */
class IngestPoolTest {

    private static Set<Thread> ingestThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("bucketry-ingest-") && t.isAlive()).collect(Collectors.toSet());
    }

    /** {@code size} valid readings of 10 series, one millisecond apart, ending a minute ago. */
    private static List<ReadingInput> batch(int size) {
        Instant start = Instant.now().minusSeconds(60).minusMillis(size);
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            inputs.add(new ReadingInput("pool-" + i % 10, start.plusMillis(i), Map.of("v", i)));
        }
        return inputs;
    }

    @Test
    void largeBatchIsValidatedOnTheInstancesOwnPoolWhichStopsWhenItCloses() throws InterruptedException {
        // given
        Set<Thread> before = ingestThreads();
        Bucketry bucketry = Bucketry.start(BucketryConfig.builder().ingestParallelism(3).build());

        // when: three parts of 2,048 readings, two of them for the pool
        IngestReport report = bucketry.ingest().ingest(batch(3 * 2048));
        Set<Thread> started = ingestThreads();
        started.removeAll(before);
        bucketry.close();

        // then
        assertThat(report.accepted()).isEqualTo(3 * 2048);
        assertThat(started).isNotEmpty().hasSizeLessThanOrEqualTo(2).allMatch(Thread::isDaemon);
        for (Thread thread : started) {
            thread.join(10_000);
            assertThat(thread.isAlive()).as(thread.getName() + " alive after close").isFalse();
        }
    }

    @Test
    void withAParallelismOfOneNoPoolIsStarted() {
        // given
        Set<Thread> before = ingestThreads();

        // when
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.builder().ingestParallelism(1).build())) {
            IngestReport report = bucketry.ingest().ingest(batch(3 * 2048));

            // then
            assertThat(report.accepted()).isEqualTo(3 * 2048);
            Set<Thread> started = ingestThreads();
            started.removeAll(before);
            assertThat(started).isEmpty();
        }
    }
}
