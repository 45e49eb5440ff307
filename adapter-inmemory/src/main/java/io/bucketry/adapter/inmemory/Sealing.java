package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SealPolicy;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * When the in-memory store seals its buckets ({@link SealPolicy}, by the store's clock) and what
 * sealing did: the heap it gave back (reported to the store's capacity) and the figures of
 * {@link SealingFigures}. One per store, shared by its series; thread-safe.
 */
final class Sealing {

    private final SealPolicy policy;
    private final Clock clock;
    private final LongConsumer heapChange;
    /** Whether the store is near its memory limit, where a window opened again is sealed again at once. */
    private final BooleanSupplier nearLimit;
    /** Windows ending at or before this may be sealed: worked out once per batch or maintenance pass. */
    private volatile long sealableEnd = Long.MIN_VALUE;
    private final AtomicLong encodedValues = new AtomicLong();
    private final AtomicLong encodeNanos = new AtomicLong();
    private final AtomicLong decodedValues = new AtomicLong();
    private final AtomicLong decodeNanos = new AtomicLong();
    private final AtomicLong rowBytesSealed = new AtomicLong();
    private final AtomicLong reopened = new AtomicLong();

    /** @param policy null: never seal */
    Sealing(SealPolicy policy, Clock clock, LongConsumer heapChange, BooleanSupplier nearLimit) {
        this.policy = policy;
        this.clock = clock;
        this.heapChange = heapChange;
        this.nearLimit = nearLimit;
    }

    /** Sealing off: buckets stay rows (tests of the row layout). */
    static Sealing off() {
        return new Sealing(null, Clock.systemUTC(), bytes -> { }, () -> false);
    }

    /**
     * Whether a window a late reading opened again is sealed again at once rather than kept open for the
     * late readings that usually follow: near the store's memory limit, where its rows could fill the rest.
     */
    boolean resealAtOnce() {
        return nearLimit.getAsBoolean();
    }

    /** Reads the clock: the buckets sealable from now on until the next refresh. */
    void refresh() {
        if (policy != null) {
            sealableEnd = policy.sealableEnd(clock.instant());
        }
    }

    boolean isSealable(BucketPolicy bucketPolicy, long start, int count) {
        return policy != null && policy.isSealableBy(bucketPolicy, start, count, sealableEnd);
    }

    /** The lateness allowance of the seal policy, in ms (0 when nothing is sealed). */
    long allowanceMillis() {
        return policy == null ? 0 : policy.sealAfter().toMillis();
    }

    /** Seals {@code open}, counting the time, the values and the heap it gives back. */
    SealedColumns seal(PackedBucket open) {
        long began = System.nanoTime();
        SealedColumns sealed = SealedColumns.of(open, encodedValues::addAndGet);
        encodeNanos.addAndGet(System.nanoTime() - began);
        rowBytesSealed.addAndGet(open.heapBytes());
        heapChange.accept(sealed.heapBytes() - open.accountedBytes());
        return sealed;
    }

    /** What is told of a change of the store's heap (the capacity): sub-window summaries report their growth to it. */
    LongConsumer heapChange() {
        return heapChange;
    }

    /** Counts a decode of {@code values} values taking {@code nanos}. */
    void decoded(long values, long nanos) {
        decodedValues.addAndGet(values);
        decodeNanos.addAndGet(nanos);
    }

    /**
     * Counts a sealed bucket opened again for a late reading: {@code before} was its sealed form,
     * {@code after} its open one holding the reading, {@code estimate} what the capacity was told the
     * reading takes.
     */
    void reopened(SealedColumns before, PackedBucket after, long estimate) {
        reopened.incrementAndGet();
        rowBytesSealed.addAndGet(-after.heapBytes());   // its next seal counts its rows anew: once per window
        heapChange.accept(after.accountedBytes() - before.accountedBytes() - estimate);
    }

    /** What sealing has done so far; the sizes of what is sealed now come from the buckets. */
    SealingFigures figures(long sealedBuckets, long sealedReadings, long sealedBytes, long openReadings,
                           long openBytes) {
        return new SealingFigures(sealedBuckets, sealedReadings, sealedBytes, openReadings, openBytes,
                rowBytesSealed.get(), encodedValues.get(), encodeNanos.get(), decodedValues.get(), decodeNanos.get(),
                reopened.get());
    }
}
