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

import static io.bucketry.adapter.mongo.timeseries.ReadingDocuments.SERIES;

/**
 * Lists series ids by a range on the metaField (never a regular expression), grouped on it: on a
 * native collection the server groups the buckets by their meta without unpacking a measurement
 * (SERVER-55575, 5.0; SERVER-126517 contrasts it with distinct, which unpacks), and on the fallback
 * collection the index {series, t} serves it.
 */
final class SeriesLister {

    private final MongoCollection<BsonDocument> readings;

    SeriesLister(MongoCollection<BsonDocument> readings) {
        this.readings = readings;
    }

    List<SeriesSummary> list(String prefix, SeriesId after, int limit) {
        List<Bson> pipeline = List.of(Aggregates.match(Filters.and(SeriesRange.of(SERIES, prefix, after))), Aggregates.sort(Sorts.ascending(SERIES)),
                Aggregates.group("$" + SERIES), Aggregates.sort(Sorts.ascending("_id")), Aggregates.limit(limit));
        List<SeriesSummary> out = new ArrayList<>();
        for (BsonDocument group : readings.aggregate(pipeline)) {
            out.add(SeriesSummary.idOnly(SeriesId.of(group.getString("_id").getValue())));
        }
        return out;
    }
}
