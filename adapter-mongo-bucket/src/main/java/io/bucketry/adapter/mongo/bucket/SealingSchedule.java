package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.domain.BucketPolicy;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When the sealed layout's {@link WindowSealer} runs: every {@link #period} on a daemon thread the
 * store owns, at every reclaim, or (tests) after every stored batch. One sweep at a time per store;
 * sweeps of several processes may overlap, which the sealer's steps allow.
 */
final class SealingSchedule {

    /** Writers treat a window as possibly sealed this much before their clock says so: other processes' clocks drift. */
    static final Duration CLOCK_MARGIN = Duration.ofMinutes(1);
    private static final System.Logger LOG = System.getLogger(SealingSchedule.class.getName());

    private final WindowSealer sealer;
    private final CommandCounter counter;
    private final Clock clock;
    private final boolean onWrite;
    private final BucketPolicy.Windowed policy;
    private ScheduledExecutorService executor;

    SealingSchedule(WindowSealer sealer, BucketPolicy.Windowed policy, CommandCounter counter, Clock clock, boolean onWrite) {
        this.sealer = sealer;
        this.policy = policy;
        this.counter = counter;
        this.clock = clock;
        this.onWrite = onWrite;
    }

    /** How often the background sweep runs: a minute, or half the seal delay when that is shorter (at least a second). */
    Duration period() {
        Duration half = sealer.policy().sealAfter().dividedBy(2);
        Duration period = half.compareTo(Duration.ofMinutes(1)) < 0 ? half : Duration.ofMinutes(1);
        return period.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : period;
    }

    /** Starts the background sweep, unless this schedule seals on write. */
    void start(MongoFailures failures) {
        if (onWrite) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "bucketry-mongo-sealer");
            thread.setDaemon(true);
            return thread;
        });
        long millis = period().toMillis();
        executor.scheduleWithFixedDelay(() -> {
            try {
                failures.translate("seal windows", this::sweep);
            } catch (RuntimeException e) {
                // The next run starts over from what is stored: every state a cut sweep leaves is one it completes.
                LOG.log(System.Logger.Level.WARNING, "mongo-bucket: sealing failed, retried in " + millis + " ms: " + e.getMessage());
            }
        }, millis, millis, TimeUnit.MILLISECONDS);
    }

    void stop() {
        if (executor != null) {
            executor.shutdownNow();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    boolean onWrite() {
        return onWrite;
    }

    synchronized long sweep() {
        return counter.sealing(() -> sealer.sweep(clock.instant()));
    }

    /** True when the window starting at {@code start} may be sealed by now, by this clock or one {@link #CLOCK_MARGIN} ahead. */
    boolean mayBeSealed(long start) {
        return sealer.policy().isSealable(policy, start, 0, clock.instant().plus(CLOCK_MARGIN));
    }

    WindowSealer sealer() {
        return sealer;
    }
}
