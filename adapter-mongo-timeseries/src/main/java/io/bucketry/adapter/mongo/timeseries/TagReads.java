package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import com.mongodb.client.MongoCollection;
import org.bson.Document;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tag questions of a collection whose metaField keeps tags ({@link MetaField#META}). A tag condition is a
 * predicate on a metaField subfield, which the server applies to whole buckets before unpacking any
 * (https://www.mongodb.com/docs/manual/core/timeseries/timeseries-best-practices/#query-on-the-metafield):
 * a filter reads the buckets of the matching tag versions only.
 */
final class TagReads {

    private final MongoCollection<Document> collection;
    private final MetaField meta;
    private final SeriesLister lister;

    TagReads(MongoCollection<Document> collection, MetaField meta, SeriesLister lister) {
        this.collection = collection;
        this.meta = meta;
        this.lister = lister;
    }

    /** The $match condition of {@code filter} on the metaField's tags, or null for {@link TagFilter#ANY}. */
    static Document match(MetaField meta, TagFilter filter) {
        if (filter.isAny()) {
            return null;
        }
        List<Document> conditions = new ArrayList<>();
        for (TagFilter.Condition condition : filter.conditions()) {
            conditions.add(new Document(meta.tag(condition.key()), condition.values().isEmpty()
                    ? new Document("$exists", true) : new Document("$in", new ArrayList<>(condition.values()))));
        }
        return conditions.size() == 1 ? conditions.get(0) : new Document("$and", conditions);
    }

    /**
     * The newest document (lowest {@code _id} among copies of its time, as {@link DistinctByTime}) of each of
     * {@code series} at or after {@code notBefore}: one pipeline, sorted by series then newest first.
     */
    Map<SeriesId, Document> newest(Collection<SeriesId> series, Instant notBefore) {
        Map<SeriesId, Document> out = new HashMap<>();
        if (series.isEmpty()) {
            return out;
        }
        List<String> ids = series.stream().map(SeriesId::value).distinct().toList(); // ingest asks with repeats
        Document match = new Document(meta.series, new Document("$in", ids));
        if (notBefore != null) {
            match.append(ReadingDocuments.TIME, new Document("$gte", Date.from(notBefore)));
        }
        List<Document> pipeline = List.of(new Document("$match", match),
                new Document("$sort", new Document(meta.series, 1).append(ReadingDocuments.TIME, -1).append(ReadingDocuments.ID, 1)),
                new Document("$group", new Document("_id", meta.seriesExpression()).append("doc", new Document("$first", "$$ROOT"))));
        for (Document group : collection.aggregate(pipeline).allowDiskUse(true)) {
            out.put(new SeriesId(group.getString("_id")), group.get("doc", Document.class));
        }
        return out;
    }

    /** The latest meta of each of {@code series} that has one. */
    Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        Map<SeriesId, SeriesMeta> out = new HashMap<>();
        newest(series, null).forEach((id, document) -> {
            SeriesMeta found = meta.metaOf(document);
            if (!found.equals(SeriesMeta.NONE)) {
                out.put(id, found);
            }
        });
        return out;
    }

    /** Series ids as {@link SeriesLister} lists them, each with its latest meta; only those whose latest tags {@code filter} keeps. */
    List<SeriesSummary> list(TagFilter filter, String prefix, SeriesId after, int limit) {
        List<SeriesId> candidates = filter.isAny()
                ? lister.list(prefix, after, limit).stream().map(SeriesSummary::series).toList()
                : lister.list(prefix, after, Integer.MAX_VALUE, match(meta, filter)).stream().map(SeriesSummary::series).toList();
        Map<SeriesId, Document> newest = newest(candidates, null);
        List<SeriesSummary> out = new ArrayList<>();
        for (SeriesId id : candidates) {
            SeriesMeta latest = newest.containsKey(id) ? meta.metaOf(newest.get(id)) : SeriesMeta.NONE;
            if (out.size() < limit && (filter.isAny() || filter.matches(latest.tags()))) {
                out.add(new SeriesSummary(id, null, null, null, latest));
            }
        }
        return out;
    }

    /** The latest reading at or after {@code notBefore} of each series whose latest tags match {@code filter}. */
    List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        Document recent = new Document(ReadingDocuments.TIME, new Document("$gte", Date.from(notBefore)));
        Document tags = match(meta, filter);
        List<SeriesId> candidates = lister.list("", null, Integer.MAX_VALUE,
                tags == null ? recent : new Document("$and", List.of(recent, tags))).stream().map(SeriesSummary::series).toList();
        List<Reading> out = new ArrayList<>();
        Map<SeriesId, Document> newest = newest(candidates, notBefore);
        for (SeriesId id : candidates) {
            Document document = newest.get(id);
            Reading reading = document == null ? null : ReadingDocuments.toReading(document, meta);
            if (reading != null && out.size() < limit && filter.matches(reading.meta().tags())) {
                out.add(reading);
            }
        }
        return out;
    }
}
