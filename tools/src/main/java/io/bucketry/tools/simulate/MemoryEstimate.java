package io.bucketry.tools.simulate;

import java.util.Locale;

/**
 * Whether a scenario fits the heap, estimated before anything is generated: the distinct readings
 * times the backend's heap budget per reading ({@link HeapBudget}),
 * where a store seals its buckets those it will have sealed at the sealed budget instead, plus headroom
 * for the batches in flight, the readings held back as late or duplicate, and the JVM's own working
 * space. The base headroom also covers the ingest warm-up's scratch store (at most
 * {@value IngestWarmUp#MAX_READINGS} readings, about 90 MB), which is garbage before the run's data grows.
 *
 * @param sealedReadings of the {@code readings}, those stored sealed at {@code sealedBytesPerReading}
 */
public record MemoryEstimate(long readings, int bytesPerReading, long sealedReadings, int sealedBytesPerReading,
                             long headroomBytes, long availableBytes) {

    /**
     * Budget per reading of an in-memory sealed bucket (object, summaries and encoded columns): about twice
     * what simulate measures for 60-reading buckets of the generator's data (docs/benchmarks.md), to cover
     * other data.
     */
    public static final int SEALED_BYTES_PER_READING = 12;
    /**
     * Budget of sub-window summaries per sub-window and numeric field: twice what an open bucket's cells
     * take for one (64 bytes, plus its share of the sub-window's 8-byte count).
     */
    public static final int SUB_WINDOW_FIELD_BYTES = 142;
    private static final long BASE_HEADROOM = 256L << 20;
    /** Generous heap per reading in flight (a ReadingInput, its map, boxed numbers and the validated copy). */
    private static final int BYTES_PER_READING_IN_FLIGHT = 512;

    /** Every reading at {@code bytesPerReading}: a store that does not seal. */
    public static MemoryEstimate of(Scenario scenario, int bytesPerReading, long usedBytes) {
        return sealing(scenario, bytesPerReading, scenario.readings(), bytesPerReading, usedBytes);
    }

    /**
     * A store that seals: all readings but {@code openReadings} (those of the buckets not yet sealable
     * when the run ends) at {@code sealedBytesPerReading}, the open ones at {@code bytesPerReading}.
     */
    public static MemoryEstimate sealing(Scenario scenario, int bytesPerReading, long openReadings,
                                         int sealedBytesPerReading, long usedBytes) {
        long inFlight = 2L * scenario.batchSize() + scenario.sensors()
                + (long) ((scenario.lateShare() + scenario.duplicateShare()) * scenario.sensors() * Scenario.MAX_DELAY_TICKS);
        long headroom = BASE_HEADROOM + inFlight * BYTES_PER_READING_IN_FLIGHT;
        long sealed = Math.max(0, scenario.readings() - openReadings);
        return new MemoryEstimate(scenario.readings(), bytesPerReading, sealed, sealedBytesPerReading, headroom,
                Runtime.getRuntime().maxMemory() - usedBytes);
    }

    public long neededBytes() {
        return (readings - sealedReadings) * bytesPerReading + sealedReadings * sealedBytesPerReading + headroomBytes;
    }

    public boolean fits() {
        return neededBytes() <= availableBytes;
    }

    /** One line: the estimate and what to do instead. */
    public String refusal() {
        long suggestedGb = Math.max(1, (long) Math.ceil((neededBytes() + (256L << 20)) / (double) (1L << 30)));
        String perReading = sealedReadings == 0 ? bytesPerReading + " bytes per reading"
                : String.format(Locale.ROOT, "%,d sealed at %d bytes and %,d open at %d bytes per reading",
                sealedReadings, sealedBytesPerReading, readings - sealedReadings, bytesPerReading);
        return String.format(Locale.ROOT, "refused: %,d readings need about %s of heap (%s "
                        + "+ %s headroom) but only %s is available; run with a larger heap (java -Xmx%dg -jar "
                        + "bucketry.jar simulate ...), use fewer --sensors or a shorter --duration, or attempt it anyway "
                        + "with --no-memory-check",
                readings, gigabytes(neededBytes()), perReading, gigabytes(headroomBytes), gigabytes(availableBytes),
                suggestedGb);
    }

    static String gigabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
    }
}
