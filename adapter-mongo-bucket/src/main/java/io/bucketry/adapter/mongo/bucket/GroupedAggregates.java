package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Windows per group of tag values: the buckets of the filter and range (found on the {tags, start} index
 * when filtered), their readings in range projected server-side, in (series, start, seq) order, each reading
 * fed to the domain's {@link GroupAggregator} under the tags of its bucket. Reading the readings keeps the
 * group's first and last exact by (time, series id), which bucket summaries do not record.
 */
final class GroupedAggregates {

    private final MongoCollection<BsonDocument> buckets;
    private final BucketQueries queries;

    GroupedAggregates(MongoCollection<BsonDocument> buckets, BucketQueries queries) {
        this.buckets = buckets;
        this.queries = queries;
    }

    /** Stops once more than {@code maxWindows} group windows exist: the caller refuses that answer. */
    List<GroupWindows> aggregate(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window, int maxWindows) {
        GroupAggregator aggregator = new GroupAggregator(groupBy, window);
        long from = range.fromMilli();
        long to = range.toMilli();
        Bson match = BucketMeta.and(queries.overlapping(null, from, to), filter);
        // projected before the sort, so the sort holds only the readings in range (and may spill: allowDiskUse)
        List<Bson> pipeline = List.of(Aggregates.match(match), BucketQueries.readingsIn(from, to),
                Aggregates.sort(BucketQueries.BY_KEY));
        SeriesId series = null;
        List<StoredBucket> group = new ArrayList<>();
        for (BsonDocument document : buckets.aggregate(pipeline).allowDiskUse(true).batchSize(256)) {
            StoredBucket bucket = StoredBucket.from(document);
            if (!group.isEmpty() && (group.get(0).start() != bucket.start() || !group.get(0).series().equals(bucket.series()))) {
                series = feed(aggregator, series, group, from, to);
                group = new ArrayList<>();
                if (aggregator.windowCount() > maxWindows) {
                    return aggregator.result();
                }
            }
            group.add(bucket);
        }
        if (!group.isEmpty()) {
            feed(aggregator, series, group, from, to);
        }
        return aggregator.result();
    }

    /** Feeds one group of buckets (one series and start); answers the series now current. */
    private static SeriesId feed(GroupAggregator aggregator, SeriesId current, List<StoredBucket> group, long from, long to) {
        SeriesId series = group.get(0).series();
        if (!series.equals(current)) {
            aggregator.series(series);
        }
        aggregator.addAll(new BucketGroup(group.get(0).start(), group).readingsIn(from, to));
        return series;
    }
}
