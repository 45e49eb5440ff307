package io.bucketry.tools.simulate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The share of a timed phase's wall time that the calling thread spent on a CPU: near 1 when the
 * phase ran undisturbed, well under 1 when the host gave the CPU to something else (another
 * process, another VM) or the thread waited. Started and read on the same thread.
 */
final class CpuShare {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long cpuStart;
    private final long wallStart;

    private CpuShare(long cpuStart, long wallStart) {
        this.cpuStart = cpuStart;
        this.wallStart = wallStart;
    }

    static CpuShare start() {
        return new CpuShare(cpuNanos(), System.nanoTime());
    }

    /** CPU time over wall time since {@link #start()}; NaN where the JVM cannot measure a thread's CPU time. */
    double share() {
        long wall = System.nanoTime() - wallStart;
        long cpu = cpuNanos();
        return cpuStart < 0 || cpu < 0 || wall <= 0 ? Double.NaN : (cpu - cpuStart) / (double) wall;
    }

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled()
                ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
