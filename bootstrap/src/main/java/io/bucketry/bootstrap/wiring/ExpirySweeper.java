package io.bucketry.bootstrap.wiring;

import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Calls {@link ReclaimExpiredUseCase#reclaim()} every {@code sweepInterval} on one daemon thread,
 * so that buckets past retention + grace free their storage. Queries hide expired readings anyway.
 */
public final class ExpirySweeper implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ExpirySweeper.class);

    private final ReclaimExpiredUseCase reclaim;
    private final Duration interval;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "bucketry-expiry-sweeper");
        thread.setDaemon(true);
        return thread;
    });

    public ExpirySweeper(ReclaimExpiredUseCase reclaim, Duration interval) {
        this.reclaim = reclaim;
        this.interval = interval;
    }

    /** Starts sweeping; the first sweep runs one interval from now. */
    public void start() {
        long millis = interval.toMillis();
        executor.scheduleWithFixedDelay(this::sweep, millis, millis, TimeUnit.MILLISECONDS);
    }

    void sweep() {
        try {
            long removed = reclaim.reclaim();
            if (removed > 0) {
                LOG.info("reclaimed {} expired buckets", removed);
            }
        } catch (RuntimeException e) {
            LOG.warn("reclaiming expired buckets failed: {}", e.toString());
        }
    }

    /** Stops sweeping and waits briefly for a sweep in progress. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
