package io.bucketry.bootstrap.wiring;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a Bucketry instance validates large ingest batches on: a fixed pool of daemon threads
 * named {@code bucketry-ingest-N}, one fewer than the parallelism, since each ingesting caller
 * validates one part itself. Owned by the instance and shut down when it closes.
 */
final class IngestExecutor {

    static final String THREAD_PREFIX = "bucketry-ingest-";

    private IngestExecutor() {
    }

    /** A new pool for batches validated in up to {@code parallelism} parts (at least 2). */
    static ExecutorService start(int parallelism) {
        AtomicInteger number = new AtomicInteger();
        ThreadFactory threads = task -> {
            Thread thread = new Thread(task, THREAD_PREFIX + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        return Executors.newFixedThreadPool(parallelism - 1, threads);
    }
}
