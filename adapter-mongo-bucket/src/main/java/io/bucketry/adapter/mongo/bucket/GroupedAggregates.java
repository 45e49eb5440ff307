package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagGroup;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Windows per group of tag values, merged as the domain's {@link GroupAggregator} states. The buckets of the
 * filter and range (the {tags, start} index when filtered) are first read as headers (series and tags): a
 * series whose buckets all fall in one group gives its windows as any aggregate computes them, from bucket
 * summaries ({@link BucketAggregator}: whole buckets are not read), merged into its group; only a series whose
 * buckets fall in several groups (re-tagged in the range) is read reading by reading, each under its bucket's tags.
 */
final class GroupedAggregates {

    private final MongoCollection<BsonDocument> buckets;
    private final BucketQueries queries;
    private final BucketAggregator aggregator;

    GroupedAggregates(MongoCollection<BsonDocument> buckets, BucketQueries queries, BucketAggregator aggregator) {
        this.buckets = buckets;
        this.queries = queries;
        this.aggregator = aggregator;
    }

    /** Stops once more than {@code maxWindows} group windows exist: the caller refuses that answer. */
    List<GroupWindows> aggregate(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window, int maxWindows) {
        long from = range.fromMilli();
        long to = range.toMilli();
        Bson match = BucketMeta.and(queries.overlapping(null, from, to), filter);
        Map<SeriesId, TagGroup> groupOf = new TreeMap<>();
        Map<SeriesId, Tags> tagsOf = new HashMap<>();
        Set<SeriesId> mixed = new HashSet<>();
        for (BsonDocument header : buckets.find(match).projection(Projections.include(SERIES, BucketMeta.TAGS))) {
            SeriesId series = new SeriesId(header.getString(SERIES).getValue());
            Tags tags = BucketMeta.of(header).tags();
            TagGroup group = groupBy.groupOf(tags);
            TagGroup before = groupOf.putIfAbsent(series, group);
            tagsOf.putIfAbsent(series, tags);
            if (before != null && !before.equals(group)) {
                mixed.add(series);
            }
        }
        SeriesWindows summaries = groupOf.size() == mixed.size() ? null
                : aggregator.windows(null, filter, range, WindowAggregator.requirePositiveMillis(window), Integer.MAX_VALUE);
        Map<SeriesId, List<Reading>> readings = mixed.isEmpty() ? Map.of()
                : readings(Filters.and(match, Filters.in(SERIES, mixed.stream().map(SeriesId::value).toList())), from, to);
        GroupAggregator groups = new GroupAggregator(groupBy, window);
        for (SeriesId series : groupOf.keySet()) {
            groups.series(series);
            if (mixed.contains(series)) {
                groups.addAll(readings.getOrDefault(series, List.of()));
            } else {
                WindowAggregator windows = summaries.of(series);
                if (windows != null && windows.windowCount() > 0) {
                    groups.addWindows(tagsOf.get(series), windows);
                }
            }
            if (groups.windowCount() > maxWindows) {
                break;
            }
        }
        return groups.result();
    }

    /** The readings in range of the buckets {@code match} finds, per series, in time order, each with its bucket's meta. */
    private Map<SeriesId, List<Reading>> readings(Bson match, long from, long to) {
        Map<SeriesId, List<Reading>> out = new HashMap<>();
        List<Bson> pipeline = List.of(Aggregates.match(match), BucketQueries.readingsIn(from, to),
                Aggregates.sort(BucketQueries.BY_KEY));
        List<StoredBucket> group = new ArrayList<>();
        for (BsonDocument document : buckets.aggregate(pipeline).allowDiskUse(true).batchSize(256)) {
            StoredBucket bucket = StoredBucket.from(document);
            if (!group.isEmpty() && (group.get(0).start() != bucket.start() || !group.get(0).series().equals(bucket.series()))) {
                add(out, group, from, to);
                group = new ArrayList<>();
            }
            group.add(bucket);
        }
        if (!group.isEmpty()) {
            add(out, group, from, to);
        }
        return out;
    }

    private static void add(Map<SeriesId, List<Reading>> out, List<StoredBucket> group, long from, long to) {
        out.computeIfAbsent(group.get(0).series(), s -> new ArrayList<>())
                .addAll(new BucketGroup(group.get(0).start(), group).readingsIn(from, to));
    }
}
