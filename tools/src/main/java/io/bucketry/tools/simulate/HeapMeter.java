package io.bucketry.tools.simulate;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Heap in use after explicit full garbage collections ({@link MemoryMXBean#gc()}, i.e. System.gc()),
 * repeated until the figure settles, so that only reachable objects are counted.
 */
public final class HeapMeter {

    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private HeapMeter() {
    }

    public static long usedAfterGc() {
        long previous = Long.MAX_VALUE;
        long used = collectAndMeasure();
        for (int i = 0; i < 5 && used < previous - (1L << 20); i++) {
            previous = used;
            used = collectAndMeasure();
        }
        return Math.min(used, previous);
    }

    private static long collectAndMeasure() {
        MEMORY.gc();
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
