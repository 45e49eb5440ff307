package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SubWindows;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shape of a bucket's sub-window summaries ({@link SubWindows}, the computed pattern), indexed
 * by position in the bucket's window; only sub-windows and fields that received a value appear:
 * <pre>{@code
 * subs: {
 *   n<width ms>: <readings summarised with sub-windows of that width>,   e.g. n300000: 60
 *   "<i>": {n: <readings in sub-window i>,                                i = (t - start) / width
 *           f: {<field>: {c: count, mn: min, mx: max, s: sum,
 *                         f: {t: <ms after the sub-window's start>, v: <first value>},
 *                         l: {t: <ms after the sub-window's start>, v: <last value>}}}}
 * }}</pre>
 * The total is named by the width, so a reader uses a bucket's summaries only when it equals the
 * bucket's {@code count}: every reading was summarised, by writers of this very width (a collection
 * written before sub-windows were on, or with another width, is read from its readings).
 * A field's {@code f} and {@code l} (first, last) are documents whose first key is the time, so that {@code $min} and
 * {@code $max} keep the earliest and the latest value whatever the order readings arrive in.
 */
final class SubWindowFields {

    static final String SUBS = "subs";
    static final String N = "n";
    static final String FIELDS = "f";
    static final String COUNT = "c";
    static final String MIN = "mn";
    static final String MAX = "mx";
    static final String SUM = "s";
    static final String FIRST = "f";
    static final String LAST = "l";
    static final String TIME = "t";
    static final String VALUE = "v";

    final SubWindows subs;
    final long bucketWidth;
    private final BucketPolicy.Windowed policy;

    private SubWindowFields(BucketPolicy.Windowed policy) {
        this.policy = policy;
        this.subs = policy.subWindows();
        this.bucketWidth = policy.widthMillis();
    }

    /** The shape under {@code policy}, or null when it keeps no sub-window summaries (off, or paged). */
    static SubWindowFields of(BucketPolicy policy) {
        return policy instanceof BucketPolicy.Windowed windowed && windowed.subWindows().isOn()
                ? new SubWindowFields(windowed) : null;
    }

    /** The name of the total under {@code subs}: {@code n} and the width in milliseconds. */
    String total() {
        return N + subs.widthMillis();
    }

    /** True when {@code subs} (or null) summarise all {@code count} readings of their bucket under this width. */
    boolean complete(BsonDocument subs, long count) {
        BsonValue total = subs == null ? null : subs.get(total());
        return total != null && total.isNumber() && total.asNumber().longValue() == count;
    }

    long bucketStart(long epochMilli) {
        return policy.windowStart(epochMilli);
    }

    /** The index of the sub-window holding {@code epochMilli} in its bucket's window. */
    int index(long epochMilli) {
        return subs.index(bucketStart(epochMilli), epochMilli);
    }

    /** The start of the sub-window holding {@code epochMilli}. */
    long subStart(long epochMilli) {
        long bucket = bucketStart(epochMilli);
        return subs.start(bucket, subs.index(bucket, epochMilli));
    }

    /** The readings of {@code readings} (of one bucket's window), summed per sub-window index. */
    Map<Integer, Sub> summarise(List<Reading> readings) {
        Map<Integer, Sub> byIndex = new TreeMap<>();
        for (Reading reading : readings) {
            long time = reading.epochMilli();
            Sub sub = byIndex.computeIfAbsent(index(time), i -> new Sub());
            sub.readings++;
            Fields fields = reading.fields();
            for (int i = 0; i < fields.size(); i++) {
                if (fields.valueAt(i) != null && !fields.isText(i)) {
                    sub.fields.merge(fields.schema().name(i), FieldSpan.of(time, fields.numberAt(i)), FieldSpan::merge);
                }
            }
        }
        return byIndex;
    }

    /** One sub-window's readings count and per-field spans (absolute times). */
    static final class Sub {
        long readings;
        final Map<String, FieldSpan> fields = new LinkedHashMap<>();
    }
}
