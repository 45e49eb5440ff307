package io.bucketry.tools.simulate;

import java.lang.management.ManagementFactory;

/**
 * The CPU time of this JVM's process, every thread (user and system), in nanoseconds: where wall time lies
 * on a shared host, what a phase cost in CPU still tells two versions apart.
 */
final class ProcessCpuTime {

    private static final java.lang.management.OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpuTime() {
    }

    /** The process's CPU time so far, or −1 where the JVM cannot tell. */
    static long nanos() {
        return OS instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }
}
