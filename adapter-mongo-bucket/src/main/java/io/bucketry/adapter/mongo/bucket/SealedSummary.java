package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The summary of a sealed document: per numeric field its count, min, max and sum as a row
 * document has them, plus its first and last value ({@value #FIRST_VALUE}, {@value #LAST_VALUE};
 * their times {@value #FIRST_TIME}, {@value #LAST_TIME} only where they differ from the document's
 * {@code first} and {@code last}), so that a window's aggregate takes a sealed window whole,
 * edges included, without decoding its columns.
 */
final class SealedSummary {

    static final String FIRST_VALUE = "fv";
    static final String LAST_VALUE = "lv";
    static final String FIRST_TIME = "ft";
    static final String LAST_TIME = "lt";

    private SealedSummary() {
    }

    /** The summary of {@code readings} (in time order, at least one). */
    static BsonDocument of(List<Reading> readings) {
        long first = readings.get(0).epochMilli();
        long last = readings.get(readings.size() - 1).epochMilli();
        Map<String, FieldSummary> summaries = new LinkedHashMap<>();
        Map<String, Reading> firsts = new LinkedHashMap<>();
        Map<String, Reading> lasts = new LinkedHashMap<>();
        for (Reading reading : readings) {
            Fields fields = reading.fields();
            for (int i = 0; i < fields.size(); i++) {
                if (fields.valueAt(i) != null && !fields.isText(i)) {
                    String name = fields.schema().name(i);
                    summaries.merge(name, FieldSummary.of(fields.numberAt(i)), FieldSummary::merge);
                    firsts.putIfAbsent(name, reading);
                    lasts.put(name, reading);
                }
            }
        }
        BsonDocument summary = new BsonDocument();
        summaries.forEach((name, field) -> {
            BsonDocument entry = new BsonDocument(SUMMARY_COUNT, new BsonInt32((int) field.count()))
                    .append(SUMMARY_MIN, new BsonDouble(field.min())).append(SUMMARY_MAX, new BsonDouble(field.max()))
                    .append(SUMMARY_SUM, new BsonDouble(field.sum()))
                    .append(FIRST_VALUE, new BsonDouble(firsts.get(name).fields().number(name)))
                    .append(LAST_VALUE, new BsonDouble(lasts.get(name).fields().number(name)));
            if (firsts.get(name).epochMilli() != first) {
                entry.append(FIRST_TIME, new BsonDateTime(firsts.get(name).epochMilli()));
            }
            if (lasts.get(name).epochMilli() != last) {
                entry.append(LAST_TIME, new BsonDateTime(lasts.get(name).epochMilli()));
            }
            summary.append(name, entry);
        });
        return summary;
    }

    /** True when the group is one sealed document whose summary says everything a window needs. */
    static boolean covers(BucketGroup group) {
        return group.buckets().size() == 1 && group.buckets().get(0).sealed() && group.buckets().get(0).summary() != null;
    }

    /** Adds the sealed document (lying wholly in one window) to its window: count, summaries, first and last values. */
    static void feed(WindowAggregator aggregator, StoredBucket bucket) {
        WindowAggregator.Window window = aggregator.windowAt(bucket.first());
        window.countReadings(bucket.count());
        for (Map.Entry<String, BsonValue> entry : bucket.summary().entrySet()) {
            BsonDocument field = entry.getValue().asDocument();
            String name = entry.getKey();
            long count = field.getNumber(SUMMARY_COUNT).longValue();
            double firstValue = field.getNumber(FIRST_VALUE).doubleValue();
            double lastValue = field.getNumber(LAST_VALUE).doubleValue();
            long firstTime = field.isDateTime(FIRST_TIME) ? field.getDateTime(FIRST_TIME).getValue() : bucket.first();
            long lastTime = field.isDateTime(LAST_TIME) ? field.getDateTime(LAST_TIME).getValue() : bucket.last();
            window.value(name, firstTime, firstValue);
            if (count > 1) {
                window.value(name, lastTime, lastValue);
            }
            if (count > 2) {
                // the values between the first and the last: min and max are the field's, the sum without the two fed
                window.summary(name, new FieldSummary(count - 2, field.getNumber(SUMMARY_MIN).doubleValue(),
                        field.getNumber(SUMMARY_MAX).doubleValue(),
                        field.getNumber(SUMMARY_SUM).doubleValue() - firstValue - lastValue));
            }
        }
    }
}
