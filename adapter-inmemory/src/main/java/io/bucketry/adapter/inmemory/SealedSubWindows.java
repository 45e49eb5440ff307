package io.bucketry.adapter.inmemory;

/**
 * A sealed bucket of a policy with sub-windows: its {@link SealedColumns} plus the sub-window
 * summaries of its open form, so that aggregates over whole sub-windows read them without decoding.
 * A subclass, so that buckets of policies without sub-windows do not carry the reference.
 */
final class SealedSubWindows extends SealedColumns {

    /** The reference this class adds to its superclass's object, rounded to 8. */
    private static final int REFERENCE_BYTES = 8;

    private final SubWindowSummaries subWindows;

    SealedSubWindows(PackedBucket open, int values, byte[] encoded) {
        super(open, values, encoded);
        // taken, not copied: a sealed open bucket is never written again (only its rows are recycled,
        // PackedBucket#recycle), and a copy per bucket doubled the heap that survives a young collection
        this.subWindows = open.subWindows();
    }

    @Override
    SubWindowSummaries subWindows() {
        return subWindows;
    }

    @Override
    public long heapBytes() {
        return super.heapBytes() + REFERENCE_BYTES + subWindows.heapBytes();
    }
}
