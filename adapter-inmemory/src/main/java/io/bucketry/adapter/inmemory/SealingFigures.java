package io.bucketry.adapter.inmemory;

/**
 * What the in-memory store's sealing measured: the heap of its sealed and its open buckets now, the
 * heap the sealed ones held as rows when they were sealed, and the time spent encoding and decoding
 * (values = times plus present field values).
 *
 * @param rowBytesOfSealed heap the buckets held as rows when sealed (a window sealed again after late readings counted once)
 * @param reopened         sealed buckets opened again to take a late reading
 */
public record SealingFigures(long sealedBuckets, long sealedReadings, long sealedHeapBytes, long openReadings,
                             long openHeapBytes, long rowBytesOfSealed, long encodedValues, long encodeNanos,
                             long decodedValues, long decodeNanos, long reopened) {

    /** Heap per reading of the sealed buckets (object, byte array and summaries), or NaN when none is sealed. */
    public double sealedBytesPerReading() {
        return sealedReadings == 0 ? Double.NaN : (double) sealedHeapBytes / sealedReadings;
    }

    /** Heap per reading the sealed buckets held as rows, or NaN when none is sealed. */
    public double rowBytesPerSealedReading() {
        return sealedReadings == 0 ? Double.NaN : (double) rowBytesOfSealed / sealedReadings;
    }

    /** Heap per reading of every bucket, sealed or open, by the buckets' own accounting. */
    public double bytesPerReading() {
        long readings = sealedReadings + openReadings;
        return readings == 0 ? Double.NaN : (double) (sealedHeapBytes + openHeapBytes) / readings;
    }

    /** Values encoded per second of encoding (wall time inside the codec, summed over threads). */
    public double encodeValuesPerSecond() {
        return encodeNanos == 0 ? Double.NaN : encodedValues * 1e9 / encodeNanos;
    }

    /** Values decoded per second of decoding. */
    public double decodeValuesPerSecond() {
        return decodeNanos == 0 ? Double.NaN : decodedValues * 1e9 / decodeNanos;
    }
}
