package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SubWindows;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/** Test helpers: sub-window policies and a stored {@code subs} document parsed into comparable values. */
final class SubWindowDocs {

    /** The default policy (1 h buckets of 1000) with 5-minute sub-windows. */
    static final BucketPolicy.Windowed HOURLY_5M = BucketPolicy.defaults()
            .withSubWindows(SubWindows.every(Duration.ofMinutes(5)));

    /** One sub-window as stored: its readings count and per-field spans (absolute times). */
    record Sub(long readings, Map<String, FieldSpan> fields) {
    }

    private SubWindowDocs() {
    }

    /** The sub-windows of {@code subs} by index; the total is checked apart. */
    static Map<Integer, Sub> parse(SubWindowFields shape, long bucketStart, BsonDocument subs) {
        Map<Integer, Sub> parsed = new TreeMap<>();
        for (Map.Entry<String, BsonValue> entry : subs.entrySet()) {
            if (entry.getKey().equals(shape.total())) {
                continue;
            }
            int index = Integer.parseInt(entry.getKey());
            long start = shape.subs.start(bucketStart, index);
            BsonDocument sub = entry.getValue().asDocument();
            Map<String, FieldSpan> fields = new TreeMap<>();
            sub.getDocument(SubWindowFields.FIELDS, new BsonDocument()).forEach((name, value) ->
                    fields.put(name, SubWindowUpdate.span(value.asDocument(), start)));
            parsed.put(index, new Sub(sub.getNumber(SubWindowFields.N).longValue(), fields));
        }
        return parsed;
    }
}
