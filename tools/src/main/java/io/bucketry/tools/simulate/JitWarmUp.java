package io.bucketry.tools.simulate;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * The warm-up of a timed query (or of the ingest path, {@link IngestWarmUp}): a minimum of runs, then on
 * until the JIT has finished compiling what the query runs. A fixed count is not enough on a small shared host: after 2,000 dashboard
 * queries the C2 compiles of the read path were still in the compiler's queue in some runs and
 * landed among the timed ones, one cause of the dashboard figure's spread from run to run.
 * <p>
 * "Finished" is read from the JVM's total compilation time: {@link #QUIET_SLICES} consecutive
 * slices of at least {@link #SLICE} each during which it grew by at most {@link #QUIET_MILLIS}.
 * Two slices, because a compile counts only when it ends and a long one can span a slice. Where the
 * JVM cannot report compilation time, the minimum is all there is ({@code quiet} is then false).
 */
final class JitWarmUp {

    static final Duration SLICE = Duration.ofMillis(100);
    static final int QUIET_SLICES = 2;
    static final long QUIET_MILLIS = 1;
    /**
     * The bound on the warm-up beyond the minimum, for a JVM that never stops compiling (a test JVM):
     * {@link #CAP_FACTOR} times what the minimum took, within [{@link #QUIET_SLICES} slices, {@link #CAP}].
     */
    static final int CAP_FACTOR = 10;
    static final Duration CAP = Duration.ofSeconds(10);

    /** What a warm-up did: how many runs, whether the JIT went quiet before the cap, and its wall time. */
    record Outcome(int runs, boolean quiet, double seconds) {
    }

    static SimulationReport.WarmUpView view(Outcome outcome) {
        return new SimulationReport.WarmUpView(outcome.runs(), SimulationReport.round(outcome.seconds(), 3), outcome.quiet());
    }

    private final LongSupplier compileMillis;
    private final LongSupplier nanoTime;
    private final Duration slice;
    private final Duration cap;

    /** @param compileMillis the JVM's total compilation time so far, or a negative value when it cannot tell */
    JitWarmUp(LongSupplier compileMillis, LongSupplier nanoTime) {
        this(compileMillis, nanoTime, SLICE, CAP);
    }

    /** With slices of {@code slice} and a cap of at most {@code cap} in place of {@link #SLICE} and {@link #CAP}. */
    JitWarmUp(LongSupplier compileMillis, LongSupplier nanoTime, Duration slice, Duration cap) {
        this.compileMillis = compileMillis;
        this.nanoTime = nanoTime;
        this.slice = slice;
        this.cap = cap;
    }

    static JitWarmUp ofThisJvm() {
        return ofThisJvm(SLICE, CAP);
    }

    static JitWarmUp ofThisJvm(Duration slice, Duration cap) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        LongSupplier millis = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit::getTotalCompilationTime : () -> -1;
        return new JitWarmUp(millis, System::nanoTime, slice, cap);
    }

    static long capNanos(long minimumNanos) {
        return capNanos(minimumNanos, SLICE, CAP);
    }

    private static long capNanos(long minimumNanos, Duration slice, Duration cap) {
        long floor = QUIET_SLICES * slice.toNanos();
        return Math.min(cap.toNanos(), Math.max(floor, CAP_FACTOR * minimumNanos));
    }

    /** Now on this warm-up's clock: where a minimum run elsewhere starts ({@link #untilQuiet}). */
    long nanos() {
        return nanoTime.getAsLong();
    }

    /** Runs {@code query.accept(i)} for i = 0, 1, … : at least {@code minimum} times, then until quiet or the cap. */
    Outcome run(int minimum, IntConsumer query) {
        long started = nanoTime.getAsLong();
        int runs = 0;
        while (runs < minimum) {
            query.accept(runs++);
        }
        return untilQuiet(started, runs, query);
    }

    /**
     * Goes on after a minimum of {@code runs} runs begun at {@code started} ({@link #nanoTime}): runs
     * {@code query.accept(i)} for i = runs, runs + 1, … until quiet or the cap ({@link #capNanos} of the minimum's time).
     */
    Outcome untilQuiet(long started, int runs, IntConsumer query) {
        boolean quiet = false;
        if (compileMillis.getAsLong() >= 0) {
            long now = nanoTime.getAsLong();
            long deadline = now + capNanos(now - started, slice, cap);
            int quietSlices = 0;
            while (quietSlices < QUIET_SLICES && nanoTime.getAsLong() < deadline) {
                long compiledBefore = compileMillis.getAsLong();
                long sliceEnd = nanoTime.getAsLong() + slice.toNanos();
                do {
                    query.accept(runs++);
                } while (nanoTime.getAsLong() < sliceEnd);
                quietSlices = compileMillis.getAsLong() - compiledBefore <= QUIET_MILLIS ? quietSlices + 1 : 0;
            }
            quiet = quietSlices == QUIET_SLICES;
        }
        return new Outcome(runs, quiet, (nanoTime.getAsLong() - started) / 1e9);
    }
}
