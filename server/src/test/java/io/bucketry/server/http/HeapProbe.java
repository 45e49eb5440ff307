package io.bucketry.server.http;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Samples the heap while a task runs, with {@link MemoryMXBean}: the peak of heap used (sampled every
 * few milliseconds, garbage included) and the peak of heap retained (heap used right after a full
 * collection forced every {@code gcEveryMillis}), each minus the retained heap before the task.
 */
final class HeapProbe implements AutoCloseable {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private final long baseline;
    private final Thread sampler;
    private volatile boolean running = true;
    private volatile long peakUsed;
    private volatile long peakRetained;

    HeapProbe(long gcEveryMillis) {
        MEMORY.gc();
        baseline = MEMORY.getHeapMemoryUsage().getUsed();
        sampler = new Thread(() -> {
            long lastGc = System.nanoTime();
            while (running) {
                peakUsed = Math.max(peakUsed, MEMORY.getHeapMemoryUsage().getUsed());
                if (System.nanoTime() - lastGc >= gcEveryMillis * 1_000_000) {
                    MEMORY.gc();
                    peakRetained = Math.max(peakRetained, MEMORY.getHeapMemoryUsage().getUsed());
                    lastGc = System.nanoTime();
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-probe");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The heap retained before the task (after a full collection), in bytes. */
    long baseline() {
        return baseline;
    }

    /** Peak of heap used during the task, garbage included, above the baseline. */
    long peakUsedAbove() {
        return Math.max(0, peakUsed - baseline);
    }

    /** Peak of heap retained (after a forced full collection) during the task, above the baseline. */
    long peakRetainedAbove() {
        return Math.max(0, peakRetained - baseline);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        sampler.join();
    }
}
