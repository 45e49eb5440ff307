package io.bucketry.tools.bench;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waits until InfluxDB has compacted what it was fed: the files are {@link TsmFiles#fullyCompacted()
 * fully compacted} and have not changed for {@code settle}, polled every {@code poll}. InfluxDB 1.6
 * has no command that compacts on demand; this is what its planner does to a cold shard.
 */
record CompactionWait(Duration settle, Duration poll, Duration timeout) {

    /** The files once settled, or the last files seen when {@code timeout} passed first ({@code settled} false). */
    record Outcome(TsmFiles files, boolean settled, Duration waited) {
    }

    Outcome await(Supplier<TsmFiles> scan) throws InterruptedException {
        long start = System.nanoTime();
        TsmFiles last = scan.get();
        long stableSince = System.nanoTime();
        while (true) {
            long now = System.nanoTime();
            if (last.fullyCompacted() && now - stableSince >= settle.toNanos()) {
                return new Outcome(last, true, Duration.ofNanos(now - start));
            }
            if (now - start >= timeout.toNanos()) {
                return new Outcome(last, false, Duration.ofNanos(now - start));
            }
            Thread.sleep(poll.toMillis());
            TsmFiles current = scan.get();
            if (!current.equals(last)) {
                last = current;
                stableSince = System.nanoTime();
            }
        }
    }
}
