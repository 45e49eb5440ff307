package io.bucketry.adapter.inmemory;

/**
 * A sealed bucket of a policy with sub-windows: its {@link SealedColumns} plus the sub-window
 * summaries of its rows, summed anew and encoded ({@link SubWindowCodec}), so that aggregates over whole
 * sub-windows decode a few values per sub-window instead of every reading. A subclass, so that buckets
 * of policies without sub-windows do not carry the references.
 */
final class SealedSubWindows extends SealedColumns {

    /** The two references this class adds to its superclass's object, rounded to 8. */
    private static final int REFERENCES_BYTES = 8;

    /**
     * The open form's layout, without cells: shared by the series' buckets laid out alike
     * ({@link SubWindowSummaries#layoutOnly}), and counted in the heap of the one it was made for only (one
     * object per sealed bucket was 0.9 of simulate's 17.3 retained bytes per reading).
     */
    private final SubWindowSummaries layout;
    private final byte[] summaries;

    SealedSubWindows(PackedBucket open, byte[] encoded) {
        super(open, encoded);
        // encoded, not taken: held as cells they took several times the heap of the sealed readings; summed
        // anew from the rows, every sub-window in time order, whatever
        // a read summed or a late reading counted in before, so that a sealed bucket's sums do not depend on
        // when reads came (a late reading counted into a summed sub-window is added after its values, which
        // changes the last bits of an adversarial sum)
        this.layout = open.subWindowLayout();
        this.summaries = SubWindowRows.encode(open, layout, open.start());
    }

    /** The summaries, decoded on each call: a reader of many sub-windows takes them once. */
    @Override
    SubWindowSummaries subWindows() {
        return layout.withCells(start(), SubWindowCodec.decode(summaries, layout, start()));
    }

    @Override
    SubWindowSummaries subWindowLayout() {
        return layout;
    }

    @Override
    long subWindowHeapBytes() {
        return REFERENCES_BYTES + (layout.startsAt(start()) ? layout.layoutBytes() : 0) + ((16 + summaries.length + 7) & ~7L);
    }

    @Override
    public long heapBytes() {
        return super.heapBytes() + subWindowHeapBytes();
    }
}
