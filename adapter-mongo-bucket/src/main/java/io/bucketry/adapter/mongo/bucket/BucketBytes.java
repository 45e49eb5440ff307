package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.BsonSizes;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An upper bound of a bucket document's BSON size, kept in its {@code bytes} field and checked by
 * the update filter against the policy's ceiling. Each statement adds its readings' array elements
 * plus a {@code summary} entry for every numeric field name it carries (counted again by each
 * statement, so names already summarised only make the bound looser); {@link #MAX_HEADER} bounds
 * the rest. With the domain's 8 MiB ceiling a bucket stays below MongoDB's 16 MiB document limit
 * (https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size).
 */
final class BucketBytes {

    /**
     * Document length and terminator (5), {@code _id} ObjectId (1+4+12), {@code series} string of at
     * most {@value SeriesId#MAX_LENGTH} characters (1+7+4+128+1), {@code start}, {@code first},
     * {@code last} dates (1+6+8, 1+6+8, 1+5+8), {@code seq}, {@code count}, {@code bytes} int32s
     * (1+4+4, 1+6+4, 1+6+4), and the headers of the {@code summary} document and the
     * {@code readings} array (1+8+4+1, 1+9+4+1).
     */
    static final int MAX_HEADER = 5 + 17 + (13 + SeriesId.MAX_LENGTH) + 15 + 15 + 14 + 9 + 11 + 11 + 14 + 15;

    private BucketBytes() {
    }

    /** The bound of what one statement adding {@code readings} adds to its bucket. */
    static int of(List<Reading> readings) {
        return of(readings, null);
    }

    /** As {@link #of(List)}, with the statement's sub-window summaries ({@code subs}, null when off). */
    static int of(List<Reading> readings, SubWindowFields subs) {
        Set<String> summarised = new HashSet<>();
        int bytes = 0;
        for (Reading reading : readings) {
            bytes += add(reading, summarised, subs);
        }
        return bytes;
    }

    /** What {@code reading} adds to a statement whose summary already has {@code summarised}; records its names there. */
    static int add(Reading reading, Set<String> summarised) {
        return add(reading, summarised, null);
    }

    /** As {@link #add(Reading, Set)}, with the statement's sub-window summaries ({@code subs}, null when off). */
    static int add(Reading reading, Set<String> summarised, SubWindowFields subs) {
        int bytes = cost(reading, summarised, subs);
        if (subs != null) {
            SubWindowUpdate.record(subs, reading, summarised);
        }
        Fields fields = reading.fields();
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            if (fields.valueAt(i) instanceof FieldValue.Numeric) {
                summarised.add(schema.name(i));
            }
        }
        return bytes;
    }

    /** As {@link #cost(Reading, Set)}, with the statement's sub-window summaries ({@code subs}, null when off). */
    static int cost(Reading reading, Set<String> summarised, SubWindowFields subs) {
        return cost(reading, summarised) + (subs == null ? 0 : SubWindowUpdate.cost(subs, reading, summarised));
    }

    /** What {@code reading} would add to a statement whose summary already has {@code summarised}. */
    static int cost(Reading reading, Set<String> summarised) {
        int bytes = BsonSizes.arrayElement(reading);
        Fields fields = reading.fields();
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            String name = schema.name(i);
            if (fields.valueAt(i) instanceof FieldValue.Numeric && !summarised.contains(name)) {
                // summary.<name>: {count: int32, sum, min, max: double}
                bytes += 1 + name.length() + 1 + 4 + (1 + 6 + 4) + 3 * (1 + 4 + 8) + 1;
            }
        }
        return bytes;
    }
}
