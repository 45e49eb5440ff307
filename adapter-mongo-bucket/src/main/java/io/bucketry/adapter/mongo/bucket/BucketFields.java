package io.bucketry.adapter.mongo.bucket;

/**
 * Field names of a stored bucket document. Other tools read them, so they never change:
 * {@code {_id, series, start, seq, count, first, last, bytes, summary: {<field>: {count, min, max, sum}},
 * readings: [{t, <field>: value, …}]}}.
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

    static final String SUMMARY_COUNT = "count";
    static final String SUMMARY_MIN = "min";
    static final String SUMMARY_MAX = "max";
    static final String SUMMARY_SUM = "sum";

    private BucketFields() {
    }
}
