package io.bucketry.adapter.mongo.bucket;

/**
 * Field names of a stored bucket document. Other tools read them, so they never change:
 * {@code {_id, series, start, seq, count, first, last, bytes, summary: {<field>: {count, min, max, sum}},
 * readings: [{t, <field>: value, …}]}}; in the sealed layout ({@link DocumentLayout#SEALED}) a row document
 * also carries {@code unsealed: true}, and a sealed window is {@code {_id, series, start, seq, count, first, last,
 * bytes, summary, unsealed: false, cols: BinData}} (no {@code readings}), and each document a fold took in is
 * left as a stub {@code {_id, series, start, seq, unsealed: "folded"}} ({@link FoldedStub}). With sub-windows on, both
 * also carry {@code subs} ({@link SubWindowFields}).
 */
final class BucketFields {

    static final String ID = "_id";
    static final String SERIES = "series";
    /** Window start (windowed policy) or time of the bucket's first reading when it was opened (paged). */
    static final String START = "start";
    /** 0, then 1, 2, … for overflow buckets of the same series and start. */
    static final String SEQ = "seq";
    static final String COUNT = "count";
    static final String FIRST = "first";
    static final String LAST = "last";
    /** Upper bound of the document's size beyond its header ({@link BucketBytes}), checked against the policy's byte ceiling. */
    static final String BYTES = "bytes";
    static final String SUMMARY = "summary";
    static final String READINGS = "readings";
    /** Time key inside a reading element. */
    static final String TIME = "t";
    static final String READING_TIMES = READINGS + "." + TIME;
    /** A sealed window's readings as compressed columns ({@link SealedColumns}). */
    static final String COLS = "cols";
    /** {@code true} on every row document of the sealed layout (the partial index the sealer scans), {@code false} on a sealed one. */
    static final String UNSEALED = "unsealed";
    /** The {@code unsealed} value of row documents of a window that cannot be sealed (a field both number and text, or too large). */
    static final String KEPT_IN_ROWS = "kept";
    /** The {@code unsealed} value of the stub a fold leaves at the key of each document it folded away ({@link FoldedStub}). */
    static final String FOLDED = "folded";

    static final String SUMMARY_COUNT = "count";
    static final String SUMMARY_MIN = "min";
    static final String SUMMARY_MAX = "max";
    static final String SUMMARY_SUM = "sum";

    private BucketFields() {
    }
}
