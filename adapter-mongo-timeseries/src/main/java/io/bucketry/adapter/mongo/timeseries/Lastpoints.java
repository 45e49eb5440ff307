package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoCollection;
import io.bucketry.adapter.mongo.common.LastpointPages;
import io.bucketry.adapter.mongo.common.SeriesRange;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.bucketry.adapter.mongo.timeseries.ReadingDocuments.TIME;

/**
 * The latest reading of many series in two round trips: the newest time of each series by a
 * $sort + $group the server answers from its buckets, then the documents at exactly those times,
 * of which the lowest {@code _id} wins as everywhere ({@link DistinctByTime}). A series whose newest
 * document has no usable field, or was deleted in between, is read again on its own ({@link ReadingQueries#latest}).
 */
final class Lastpoints {

    private final MongoCollection<Document> collection;
    private final ReadingQueries queries;
    /** Where the documents keep their series: {@code series}, or {@code meta.series} where tags are kept. */
    private final MetaField meta;

    Lastpoints(MongoCollection<Document> collection, ReadingQueries queries, MetaField meta) {
        this.collection = collection;
        this.queries = queries;
        this.meta = meta;
    }

    List<Reading> read(SeriesSelection selection, SeriesId after, int limit, Instant notBefore) {
        return LastpointPages.fill(after, limit, (cursor, asked) -> {
            Map<String, Date> newest = newest(selection.prefix(), cursor, asked, notBefore);
            Map<String, List<Document>> copies = documentsAt(newest);
            List<LastpointPages.Answer> answers = new ArrayList<>();
            for (String id : newest.keySet()) {
                SeriesId series = SeriesId.of(id);
                List<Document> found = copies.getOrDefault(id, List.of());
                Reading reading = found.isEmpty() ? null : ReadingDocuments.toReading(new DistinctByTime(found.iterator()).next(), meta);
                answers.add(new LastpointPages.Answer(series,
                        Optional.ofNullable(reading).or(() -> queries.latest(series, notBefore)).orElse(null)));
            }
            return answers;
        });
    }

    /**
     * Per series of the range, in id order, the time of its newest document at or after {@code notBefore}.
     * The sort on {series, t} both descending with a $group of $first only is the "last point" query the
     * manual describes for time-series collections, served from the {series, t} index and the buckets'
     * control fields (https://www.mongodb.com/docs/manual/core/timeseries/timeseries-secondary-index/,
     * "Last Point Queries on Time Series Collections"); on the fallback collection the same index serves it.
     */
    private Map<String, Date> newest(String prefix, SeriesId after, int limit, Instant notBefore) {
        Map<String, Date> newest = new LinkedHashMap<>();
        for (Document group : collection.aggregate(pipeline(meta.series, prefix, after, limit, notBefore))) {
            newest.put(group.getString("_id"), group.getDate(TIME));
        }
        return newest;
    }

    static List<Bson> pipeline(String series, String prefix, SeriesId after, int limit, Instant notBefore) {
        return List.of(Aggregates.match(Filters.and(SeriesRange.of(series, prefix, after))), Aggregates.sort(Sorts.descending(series, TIME)),
                Aggregates.group("$" + series, Accumulators.first(TIME, "$" + TIME)),
                Aggregates.match(Filters.gte(TIME, Date.from(notBefore))),
                Aggregates.sort(Sorts.ascending("_id")), Aggregates.limit(limit));
    }

    /** The documents of each series at its newest time (several where writers raced). */
    private Map<String, List<Document>> documentsAt(Map<String, Date> newest) {
        Map<String, List<Document>> copies = new LinkedHashMap<>();
        if (newest.isEmpty()) {
            return copies;
        }
        List<Bson> exact = newest.entrySet().stream()
                .map(e -> Filters.and(Filters.eq(meta.series, e.getKey()), Filters.eq(TIME, e.getValue()))).toList();
        for (Document document : collection.find(Filters.or(exact))) {
            copies.computeIfAbsent(meta.seriesOf(document), s -> new ArrayList<>()).add(document);
        }
        return copies;
    }
}
