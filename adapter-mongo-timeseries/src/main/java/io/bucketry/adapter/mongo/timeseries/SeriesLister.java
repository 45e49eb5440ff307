package io.bucketry.adapter.mongo.timeseries;

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


/**
 * Lists series ids by a range on the metaField (never a regular expression), grouped on it: on a
 * native collection the server groups the buckets by their meta without unpacking a measurement
 * (SERVER-55575, 5.0; SERVER-126517 contrasts it with distinct, which unpacks), and on the fallback
 * collection the index {series, t} serves it.
 */
final class SeriesLister {

    private final MongoCollection<BsonDocument> readings;
    /** The series path. */
    private final String series;

    SeriesLister(MongoCollection<BsonDocument> readings, MetaField meta) {
        this.readings = readings;
        this.series = meta.series;
    }

    List<SeriesSummary> list(String prefix, SeriesId after, int limit) {
        return list(prefix, after, limit, null);
    }

    /** As {@link #list(String, SeriesId, int)}, of the series with a reading {@code also} matches (null: any). */
    List<SeriesSummary> list(String prefix, SeriesId after, int limit, Bson also) {
        List<Bson> range = SeriesRange.of(series, prefix, after);
        if (also != null) {
            range.add(also);
        }
        List<Bson> pipeline = new ArrayList<>(List.of(Aggregates.match(Filters.and(range)), Aggregates.sort(Sorts.ascending(series)),
                Aggregates.group("$" + series), Aggregates.sort(Sorts.ascending("_id"))));
        if (limit < Integer.MAX_VALUE) {
            pipeline.add(Aggregates.limit(limit));
        }
        List<SeriesSummary> out = new ArrayList<>();
        for (BsonDocument group : readings.aggregate(pipeline)) {
            out.add(SeriesSummary.idOnly(SeriesId.of(group.getString("_id").getValue())));
        }
        return out;
    }
}
