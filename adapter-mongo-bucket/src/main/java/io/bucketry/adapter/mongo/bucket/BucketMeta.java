package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The meta every reading of a bucket was written with, at the bucket's root: {@code tags: ["building=7",
 * "type=temp"]} (the Attribute Pattern with each pair folded into one text, in key order: a key never holds
 * {@code =}) and {@code measurement}, both absent for {@link SeriesMeta#NONE}, so untagged buckets are the bytes
 * they were before tags. One multikey index {tags, start} ({@link TagIndex}) serves every tag condition together
 * with the time range.
 */
final class BucketMeta {

    static final String TAGS = "tags";
    static final String MEASUREMENT = "measurement";
    private static final char SEPARATOR = '=';

    private BucketMeta() {
    }

    /** Appends {@code meta}'s root fields to {@code document} (nothing for none). */
    static BsonDocument append(BsonDocument document, SeriesMeta meta) {
        if (meta.measurement() != null) {
            document.append(MEASUREMENT, new BsonString(meta.measurement()));
        }
        if (!meta.tags().isEmpty()) {
            document.append(TAGS, pairs(meta.tags()));
        }
        return document;
    }

    /**
     * The update filter's condition that a bucket holds exactly {@code meta}: equality on the array (in key
     * order, as every writer stores it), or absence. Equalities are copied into an upserted document, so a
     * new bucket gets the meta from the filter too ({@code $exists} is not copied: an untagged bucket stays bare).
     */
    static BsonDocument condition(BsonDocument filter, SeriesMeta meta) {
        BsonDocument absent = new BsonDocument("$exists", BsonBoolean.FALSE);
        filter.append(MEASUREMENT, meta.measurement() == null ? absent : new BsonString(meta.measurement()));
        return filter.append(TAGS, meta.tags().isEmpty() ? absent.clone() : pairs(meta.tags()));
    }

    /** The meta of a stored bucket (projected with {@link #TAGS} and {@link #MEASUREMENT}). */
    static SeriesMeta of(BsonDocument document) {
        BsonValue tags = document.get(TAGS);
        BsonValue measurement = document.get(MEASUREMENT);
        // a $group's $first of a missing field is null
        tags = tags == null || tags.isNull() ? null : tags;
        measurement = measurement == null || measurement.isNull() ? null : measurement;
        if (tags == null && measurement == null) {
            return SeriesMeta.NONE;
        }
        Map<String, String> values = new TreeMap<>();
        if (tags != null && tags.isArray()) {
            for (BsonValue pair : tags.asArray()) {
                String text = pair.asString().getValue();
                int at = text.indexOf(SEPARATOR);
                values.put(text.substring(0, at), text.substring(at + 1));
            }
        }
        return new SeriesMeta(measurement == null ? null : measurement.asString().getValue(), new Tags(values));
    }

    /**
     * The query condition of {@code filter} on a bucket's tags, or null for {@link TagFilter#ANY}. A condition
     * with values is an {@code $in} of its pairs (index points); one with none, an anchored prefix regex, which
     * the server turns into one index range (https://www.mongodb.com/docs/manual/reference/operator/query/regex/#index-use).
     * The {@code $exists} lets the partial index serve it.
     */
    static Bson filter(TagFilter filter) {
        if (filter.isAny()) {
            return null;
        }
        List<Bson> conditions = new ArrayList<>();
        conditions.add(Filters.exists(TAGS));
        for (TagFilter.Condition condition : filter.conditions()) {
            if (condition.values().isEmpty()) {
                conditions.add(Filters.regex(TAGS, "^" + condition.key() + SEPARATOR)); // a key is [A-Za-z0-9_]: nothing to escape
            } else {
                List<String> pairs = new ArrayList<>();
                condition.values().forEach(value -> pairs.add(pair(condition.key(), value)));
                conditions.add(Filters.in(TAGS, pairs));
            }
        }
        return Filters.and(conditions);
    }

    /** {@code base} with {@code filter}'s tag condition, or {@code base} itself for {@link TagFilter#ANY}. */
    static Bson and(Bson base, TagFilter filter) {
        Bson tags = filter(filter);
        return tags == null ? base : Filters.and(base, tags);
    }

    private static BsonArray pairs(Tags tags) {
        BsonArray pairs = new BsonArray();
        tags.values().forEach((key, value) -> pairs.add(new BsonString(pair(key, value))));
        return pairs;
    }

    private static String pair(String key, String value) {
        return key + SEPARATOR + value;
    }
}
