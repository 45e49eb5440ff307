package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Turns one output document of {@link WindowPipeline} into a {@link WindowAggregate}. */
final class WindowResults {

    private WindowResults() {
    }

    static WindowAggregate toAggregate(Document window, long windowMillis) {
        return toAggregate(window, windowMillis, MetaField.SERIES);
    }

    static WindowAggregate toAggregate(Document window, long windowMillis, MetaField meta) {
        Document key = window.get("_id", Document.class);
        long start = key.get("w", Number.class).longValue();
        long count = 0;
        Map<String, FieldAggregate> fields = new HashMap<>();
        for (Document field : window.getList("fields", Document.class)) {
            String stored = field.getString("k");
            long n = field.get("n", Number.class).longValue();
            if (ReadingDocuments.TIME.equals(stored)) {
                count = n;
                continue;
            }
            String name = ReadingDocuments.fieldName(stored, meta);
            if (name != null) {
                fields.put(name, new FieldAggregate(n, number(field, "min"), number(field, "max"),
                        number(field, "sum"), number(field, "first"), number(field, "last")));
            }
        }
        return new WindowAggregate(new SeriesId(key.getString("s")), Instant.ofEpochMilli(start),
                Instant.ofEpochMilli(start + windowMillis), count, fields);
    }

    static List<WindowAggregate> toAggregates(Iterable<Document> windows, long windowMillis, MetaField meta) {
        List<WindowAggregate> out = new ArrayList<>();
        for (Document window : windows) {
            out.add(toAggregate(window, windowMillis, meta));
        }
        return out;
    }

    private static double number(Document field, String name) {
        return field.get(name, Number.class).doubleValue();
    }
}
