package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import io.bucketry.adapter.mongo.common.SeriesRange;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.SERIES;

/**
 * Lists series ids by a range on {@code series} (never a regular expression), sorted then grouped:
 * with the unique index {series, start, seq} the server reads one index key per series (a
 * DISTINCT_SCAN: manual, "Aggregation Pipeline Optimization", $sort + $group), not the buckets.
 */
final class SeriesLister {

    private final MongoCollection<BsonDocument> buckets;

    SeriesLister(MongoCollection<BsonDocument> buckets) {
        this.buckets = buckets;
    }

    List<SeriesSummary> list(String prefix, SeriesId after, int limit) {
        List<SeriesSummary> out = new ArrayList<>();
        for (BsonDocument group : buckets.aggregate(pipeline(prefix, after, limit))) {
            out.add(SeriesSummary.idOnly(SeriesId.of(group.getString("_id").getValue())));
        }
        return out;
    }

    /** The series ids with {@code prefix} after {@code after} (null: from the first), as a range on {@code series}. */
    static Bson range(String prefix, SeriesId after) {
        return Filters.and(SeriesRange.of(SERIES, prefix, after));
    }

    static List<Bson> pipeline(String prefix, SeriesId after, int limit) {
        return List.of(Aggregates.match(range(prefix, after)), Aggregates.sort(Sorts.ascending(SERIES)),
                Aggregates.group("$" + SERIES), Aggregates.sort(Sorts.ascending("_id")), Aggregates.limit(limit));
    }
}
