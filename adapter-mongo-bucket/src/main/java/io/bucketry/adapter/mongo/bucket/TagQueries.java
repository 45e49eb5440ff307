package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.BsonField;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The questions about a series' latest meta: that of the bucket holding its latest reading (its top window's
 * bucket with the greatest {@code last}, as {@link BucketReader#latest} finds it), for many series in three
 * queries at most; and, through it, listings and latest readings of the series whose latest tags match a filter,
 * whose candidates come from the {tags, start} index ({@link TagIndex}).
 */
final class TagQueries {

    /** Candidate series asked per round of a filtered listing. */
    private static final int CANDIDATES = 1000;

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy policy;
    private final BucketReader reader;
    private final SeriesLister lister;
    private final boolean sealedLayout;

    TagQueries(MongoCollection<BsonDocument> buckets, BucketPolicy policy, BucketReader reader, SeriesLister lister,
               boolean sealedLayout) {
        this.buckets = buckets;
        this.policy = policy;
        this.reader = reader;
        this.lister = lister;
        this.sealedLayout = sealedLayout;
    }

    /** The latest meta of each of {@code series} that has one ({@link SeriesMeta#NONE} is left out). */
    Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        Map<SeriesId, SeriesMeta> out = new HashMap<>();
        latestBuckets(series).forEach((id, top) -> {
            SeriesMeta meta = BucketMeta.of(top);
            if (!meta.equals(SeriesMeta.NONE)) {
                out.put(id, meta);
            }
        });
        return out;
    }

    /** Series ids as {@link SeriesLister} lists them, each with its latest meta; only those {@code filter} keeps. */
    List<SeriesSummary> list(TagFilter filter, String prefix, SeriesId after, int limit) {
        List<SeriesSummary> out = new ArrayList<>();
        SeriesId from = after;
        while (out.size() < limit) {
            List<SeriesId> ids = filter.isAny()
                    ? lister.list(prefix, from, limit - out.size()).stream().map(SeriesSummary::series).toList()
                    : candidates(Filters.and(BucketMeta.filter(filter), SeriesLister.range(prefix, from)), CANDIDATES);
            Map<SeriesId, BsonDocument> tops = latestBuckets(ids);
            for (SeriesId id : ids) {
                BsonDocument top = tops.get(id);
                SeriesMeta meta = top == null ? SeriesMeta.NONE : BucketMeta.of(top);
                if (out.size() < limit && (filter.isAny() || top != null && filter.matches(meta.tags()))) {
                    out.add(new SeriesSummary(id, null, null, null, meta));
                }
            }
            if (filter.isAny() || ids.size() < CANDIDATES) {
                return out;
            }
            from = ids.get(ids.size() - 1);
        }
        return out;
    }

    /** The latest reading at or after {@code notBefore} of each series whose latest tags match {@code filter}. */
    List<Reading> latest(TagFilter filter, long notBefore, int limit) {
        List<Bson> recent = new ArrayList<>(List.of(Filters.gte(LAST, new Date(notBefore))));
        if (!filter.isAny()) {
            recent.add(BucketMeta.filter(filter));
        }
        if (policy instanceof BucketPolicy.Windowed windowed && notBefore > Long.MIN_VALUE + windowed.widthMillis()) {
            recent.add(Filters.gt(START, new Date(notBefore - windowed.widthMillis()))); // bounds the index's range
        }
        Map<SeriesId, BsonValue> chosen = new TreeMap<>();
        latestBuckets(candidates(Filters.and(recent), Integer.MAX_VALUE)).forEach((id, top) -> {
            if (top.getDateTime(LAST).getValue() >= notBefore && filter.matches(BucketMeta.of(top).tags())) {
                chosen.put(id, top.get(ID));
            }
        });
        List<BsonValue> ids = chosen.values().stream().limit(limit).toList();
        Map<SeriesId, Reading> out = new TreeMap<>();
        for (BsonDocument document : reader.lastReadings(Filters.in(ID, ids))) {
            SeriesId series = new SeriesId(document.getString(SERIES).getValue());
            BucketReader.lastOf(series, document).ifPresent(reading -> out.put(series, reading));
        }
        return new ArrayList<>(out.values());
    }

    /** The distinct series of the buckets {@code match} finds, in id order, at most {@code limit}. */
    private List<SeriesId> candidates(Bson match, int limit) {
        List<Bson> pipeline = new ArrayList<>(List.of(Aggregates.match(match), Aggregates.group("$" + SERIES),
                Aggregates.sort(Sorts.ascending(ID))));
        if (limit < Integer.MAX_VALUE) {
            pipeline.add(Aggregates.limit(limit));
        }
        List<SeriesId> out = new ArrayList<>();
        for (BsonDocument group : buckets.aggregate(pipeline).allowDiskUse(true)) {
            out.add(new SeriesId(group.getString(ID).getValue()));
        }
        return out;
    }

    /**
     * The bucket holding each series' latest reading, with {@code _id}, {@code start}, {@code seq}, {@code last}
     * and its meta: the top bucket per series (one aggregation on the key index, as {@link BucketKnowledge#tops}),
     * then, where the top window has several buckets, the one of the greatest {@code last} (one query for all).
     */
    Map<SeriesId, BsonDocument> latestBuckets(Collection<SeriesId> series) {
        Map<SeriesId, BsonDocument> latest = new HashMap<>();
        if (series.isEmpty()) {
            return latest;
        }
        List<String> ids = series.stream().map(SeriesId::value).distinct().toList(); // ingest asks with repeats
        Bson ofSeries = sealedLayout ? Filters.and(Filters.in(SERIES, ids), FoldedStub.NOT_STUB) : Filters.in(SERIES, ids);
        List<BsonField> firsts = new ArrayList<>(List.of(Accumulators.first("bucket", "$" + ID)));
        for (String field : List.of(START, SEQ, LAST, BucketMeta.TAGS, BucketMeta.MEASUREMENT)) {
            firsts.add(Accumulators.first(field, "$" + field));
        }
        Map<SeriesId, Set<Long>> overflow = new HashMap<>();
        for (BsonDocument top : buckets.aggregate(List.of(Aggregates.match(ofSeries),
                Aggregates.sort(Sorts.descending(SERIES, START, SEQ)), Aggregates.group("$" + SERIES, firsts)))) {
            SeriesId id = new SeriesId(top.getString(ID).getValue());
            top.put(ID, top.get("bucket"));
            latest.put(id, top);
            if (top.getNumber(SEQ).intValue() > 0) {
                overflow.put(id, Set.of(top.getDateTime(START).getValue()));
            }
        }
        if (overflow.isEmpty()) {
            return latest;
        }
        Map<SeriesId, BsonDocument> byLast = new HashMap<>();
        Bson window = Filters.and(BucketKnowledge.windowsFilter(overflow), FoldedStub.NOT_STUB);
        for (BsonDocument document : buckets.find(window).projection(Projections.include(SERIES, START, SEQ, LAST,
                BucketMeta.TAGS, BucketMeta.MEASUREMENT))) {
            SeriesId id = new SeriesId(document.getString(SERIES).getValue());
            BsonDocument best = byLast.get(id);
            if (overflow.getOrDefault(id, Set.of()).contains(document.getDateTime(START).getValue())
                    && (best == null || document.getDateTime(LAST).getValue() > best.getDateTime(LAST).getValue())) {
                byLast.put(id, document);
            }
        }
        latest.putAll(byLast);
        return latest;
    }
}
