package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Deletes a series: counts the readings it holds, then deletes all its documents (a fold's stubs
 * too) in one {@code deleteMany}. The count, read from the primary as the delete goes there, is exact
 * for what the series held when the delete began, sealing in progress included: in the row layout a
 * window's documents never share a reading, so their counts add up; in the sealed layout a window
 * whose sealed document sits beside others (a fold between its replace and its stubs, or cut there,
 * {@link WindowSealer}) may hold a reading twice, so such a window counts its distinct times, read
 * again by series and start (a fold moves readings between a window's documents, never out of it).
 * No transaction makes count and delete one step, so a writer racing the delete may add readings
 * that the delete removes uncounted, or that outlive it.
 */
final class SeriesDeletion {

    private static final Bson META = Projections.include(SERIES, START, SEQ, COUNT, FIRST, LAST, UNSEALED);

    private final BucketKnowledge knowledge;
    private final MongoCollection<BsonDocument> buckets;
    private final boolean sealedLayout;

    SeriesDeletion(BucketKnowledge knowledge, boolean sealedLayout) {
        this.knowledge = knowledge;
        this.buckets = knowledge.collection();
        this.sealedLayout = sealedLayout;
    }

    /** Answers how many readings were deleted. */
    long delete(SeriesId series) {
        long readings = sealedLayout ? distinct(series) : summed(series);
        buckets.deleteMany(Filters.eq(SERIES, series.value()));
        return readings;
    }

    /** The row layout's count: one aggregation summing the documents' counts. */
    private long summed(SeriesId series) {
        BsonDocument total = buckets.aggregate(List.of(Aggregates.match(Filters.eq(SERIES, series.value())),
                Aggregates.group(null, Accumulators.sum("readings", "$" + COUNT)))).first();
        return total == null ? 0L : total.getNumber("readings").longValue();
    }

    /** The sealed layout's count: documents' counts, except in the windows that may hold a reading twice. */
    private long distinct(SeriesId series) {
        List<StoredBucket> metas = new ArrayList<>();
        for (BsonDocument document : buckets.find(Filters.and(Filters.eq(SERIES, series.value()), FoldedStub.NOT_STUB))
                .projection(META).sort(BucketQueries.BY_KEY)) {
            metas.add(StoredBucket.from(document));
        }
        long readings = 0;
        Set<Long> overlapping = new TreeSet<>();
        for (BucketGroup group : BucketGroup.of(metas)) {
            if (group.mayOverlap()) {
                overlapping.add(group.start());
            } else {
                readings += group.count();
            }
        }
        if (overlapping.isEmpty()) {
            return readings;
        }
        for (List<StoredBucket> window : knowledge.windows(Map.of(series, overlapping)).getOrDefault(series, Map.of()).values()) {
            Set<Long> times = new HashSet<>();
            for (StoredBucket bucket : window) {
                for (long time : bucket.times()) {
                    times.add(time);
                }
            }
            readings += times.size();
        }
        return readings;
    }
}
