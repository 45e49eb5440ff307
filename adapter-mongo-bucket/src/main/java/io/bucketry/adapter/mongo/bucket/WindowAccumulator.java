package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The windows of one series, fed with single readings and with whole-bucket summaries. A summary
 * adds count/min/max/sum but no first or last: the caller feeds, per field, the readings of the
 * buckets that can hold a window's first and last value. (The domain's WindowAggregator takes
 * readings only.)
 */
final class WindowAccumulator {

    private final SeriesId series;
    private final long windowMillis;
    private final TreeMap<Long, Window> windows = new TreeMap<>();
    private final LongAdder created;

    /** @param created counts the windows this accumulator opens (shared across the series of one query) */
    WindowAccumulator(SeriesId series, long windowMillis, LongAdder created) {
        this.series = series;
        this.windowMillis = windowMillis;
        this.created = created;
    }

    long windowStart(long time) {
        return Math.floorDiv(time, windowMillis) * windowMillis;
    }

    /** Adds one reading element {@code {t, <field>: value, …}}. */
    void reading(BsonDocument element) {
        long time = ReadingCodec.time(element);
        Window window = window(time);
        window.count++;
        for (Map.Entry<String, BsonValue> entry : element.entrySet()) {
            if (entry.getValue().isNumber() && !entry.getKey().equals(BucketFields.TIME)) {
                window.field(entry.getKey()).value(time, entry.getValue().asNumber().doubleValue());
            }
        }
    }

    /** Adds a bucket that lies wholly in the window holding {@code time}: its count and summaries. */
    void summary(long time, int count, BsonDocument summary) {
        Window window = window(time);
        window.count += count;
        for (Map.Entry<String, BsonValue> entry : summary.entrySet()) {
            BsonDocument field = entry.getValue().asDocument();
            window.field(entry.getKey()).merge(field.getNumber(BucketFields.SUMMARY_COUNT).longValue(),
                    field.getNumber(BucketFields.SUMMARY_MIN).doubleValue(),
                    field.getNumber(BucketFields.SUMMARY_MAX).doubleValue(),
                    field.getNumber(BucketFields.SUMMARY_SUM).doubleValue());
        }
    }

    List<WindowAggregate> result() {
        List<WindowAggregate> out = new ArrayList<>(windows.size());
        windows.forEach((start, window) -> {
            Map<String, FieldAggregate> fields = new HashMap<>();
            window.fields.forEach((name, field) -> fields.put(name, field.toAggregate(name)));
            out.add(new WindowAggregate(series, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + windowMillis),
                    window.count, fields));
        });
        return out;
    }

    private Window window(long time) {
        return windows.computeIfAbsent(windowStart(time), start -> {
            created.increment();
            return new Window();
        });
    }

    private static final class Window {
        private long count;
        private final Map<String, Field> fields = new HashMap<>(8);

        Field field(String name) {
            return fields.computeIfAbsent(name, n -> new Field());
        }
    }

    private static final class Field {
        private long count;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private double sum;
        private long firstTime = Long.MAX_VALUE;
        private double first;
        private long lastTime = Long.MIN_VALUE;
        private double last;

        void value(long time, double value) {
            merge(1, value, value, value);
            if (time < firstTime) {
                firstTime = time;
                first = value;
            }
            if (time > lastTime) {
                lastTime = time;
                last = value;
            }
        }

        void merge(long n, double low, double high, double total) {
            count += n;
            min = Math.min(min, low);
            max = Math.max(max, high);
            sum += total;
        }

        FieldAggregate toAggregate(String name) {
            if (firstTime == Long.MAX_VALUE) {
                throw new IllegalStateException("field '" + name + "' was summarised without its first and last readings");
            }
            return new FieldAggregate(count, min, max, sum, first, last);
        }
    }
}
