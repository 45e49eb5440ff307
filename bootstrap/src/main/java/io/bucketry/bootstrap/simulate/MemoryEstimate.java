package io.bucketry.bootstrap.simulate;

import java.util.Locale;

/**
 * Whether a scenario fits the heap, estimated before anything is generated: the distinct readings
 * times the backend's heap budget per reading ({@link io.bucketry.bootstrap.Backend#heapBytesPerReading}),
 * plus headroom for the batches in flight, the readings held back as late or duplicate, and the
 * JVM's own working space. The base headroom also covers the ingest warm-up's scratch store (at most
 * {@value IngestWarmUp#MAX_READINGS} readings, about 90 MB), which is garbage before the run's data grows.
 */
public record MemoryEstimate(long readings, int bytesPerReading, long headroomBytes, long availableBytes) {

    private static final long BASE_HEADROOM = 256L << 20;
    /** Generous heap per reading in flight (a ReadingInput, its map, boxed numbers and the validated copy). */
    private static final int BYTES_PER_READING_IN_FLIGHT = 512;

    public static MemoryEstimate of(Scenario scenario, int bytesPerReading, long usedBytes) {
        long inFlight = 2L * scenario.batchSize() + scenario.sensors()
                + (long) ((scenario.lateShare() + scenario.duplicateShare()) * scenario.sensors() * Scenario.MAX_DELAY_TICKS);
        long headroom = BASE_HEADROOM + inFlight * BYTES_PER_READING_IN_FLIGHT;
        return new MemoryEstimate(scenario.readings(), bytesPerReading, headroom,
                Runtime.getRuntime().maxMemory() - usedBytes);
    }

    public long neededBytes() {
        return readings * bytesPerReading + headroomBytes;
    }

    public boolean fits() {
        return neededBytes() <= availableBytes;
    }

    /** One line: the estimate and what to do instead. */
    public String refusal() {
        long suggestedGb = Math.max(1, (long) Math.ceil((neededBytes() + (256L << 20)) / (double) (1L << 30)));
        return String.format(Locale.ROOT, "refused: %,d readings need about %s of heap (%d bytes per reading "
                        + "+ %s headroom) but only %s is available; run with a larger heap (java -Xmx%dg -jar "
                        + "bucketry.jar simulate ...) or use fewer --sensors or a shorter --duration",
                readings, gigabytes(neededBytes()), bytesPerReading, gigabytes(headroomBytes), gigabytes(availableBytes),
                suggestedGb);
    }

    static String gigabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
    }
}
