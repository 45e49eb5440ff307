package io.bucketry.tools.simulate;

import io.bucketry.adapter.inmemory.SealingFigures;
import io.bucketry.tools.simulate.SimulationReport.SealingView;

/**
 * The report's {@code sealing} section: the in-memory store's sealed and open buckets by its own heap
 * accounting, and what its codec took, read once the measured queries are done (their decoding counts).
 */
final class SealingMeasures {

    private SealingMeasures() {
    }

    static SealingView of(SealingFigures f) {
        long readings = f.sealedReadings() + f.openReadings();
        return new SealingView(f.sealedBuckets(), f.sealedReadings(), bytes(f.sealedBytesPerReading()),
                bytes(f.rowBytesPerSealedReading()), bytes(f.bytesPerReading()),
                bytes(f.openReadings() == 0 ? Double.NaN : (double) f.openHeapBytes() / f.openReadings()),
                rate(f.encodeValuesPerSecond()), rate(f.decodeValuesPerSecond()), f.reopened(), f.encodedValues(),
                f.decodedValues(), readings);
    }

    private static Double bytes(double value) {
        return Double.isNaN(value) ? null : SimulationReport.round(value, 2);
    }

    private static Double rate(double value) {
        return Double.isNaN(value) ? null : (double) Math.round(value);
    }
}
