package io.bucketry.adapter.mongo.bucket;

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
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The latest reading of many series in one aggregation: the newest bucket of each series by the
 * unique index {series, start, seq} scanned backwards, then only its last reading (or its columns).
 * A series whose newest bucket is an overflow (seq above 0) is read again on its own
 * ({@link BucketReader#latest}), since its latest reading is in the group's bucket of the greatest {@code last}.
 */
final class Lastpoints {

    private final MongoCollection<BsonDocument> buckets;
    private final BucketReader reader;
    private final boolean sealedLayout;

    Lastpoints(MongoCollection<BsonDocument> buckets, BucketReader reader, boolean sealedLayout) {
        this.buckets = buckets;
        this.reader = reader;
        this.sealedLayout = sealedLayout;
    }

    List<Reading> read(SeriesSelection selection, SeriesId after, int limit, long notBefore) {
        return LastpointPages.fill(after, limit, (cursor, asked) -> {
            List<LastpointPages.Answer> answers = new ArrayList<>();
            for (BsonDocument top : buckets.aggregate(pipeline(selection.prefix(), cursor, asked, notBefore, sealedLayout))) {
                SeriesId series = SeriesId.of(top.getString("_id").getValue());
                Optional<Reading> latest = top.getNumber(SEQ).intValue() > 0 ? reader.latest(series, notBefore)
                        : BucketReader.lastReading(series, top, notBefore);
                answers.add(new LastpointPages.Answer(series, latest.orElse(null)));
            }
            return answers;
        });
    }

    /**
     * $sort on the index's fields (backwards) then $group with $first only: the server reads the first
     * index key of each series and fetches that one bucket (a DISTINCT_SCAN; manual, "Aggregation
     * Pipeline Optimization", $sort + $group: https://www.mongodb.com/docs/manual/core/aggregation-pipeline-optimization/).
     */
    static List<Bson> pipeline(String prefix, SeriesId after, int limit, long notBefore, boolean sealedLayout) {
        List<Bson> range = SeriesRange.of(SERIES, prefix, after);
        if (sealedLayout) {
            range.add(FoldedStub.NOT_STUB);   // a stub may outlive its sealed document for a moment
        }
        return List.of(Aggregates.match(Filters.and(range)), Aggregates.sort(Sorts.descending(SERIES, START, SEQ)),
                Aggregates.group("$" + SERIES, Accumulators.first(START, "$" + START), Accumulators.first(SEQ, "$" + SEQ),
                        Accumulators.first(LAST, "$" + LAST), Accumulators.first(COLS, "$" + COLS),
                        Accumulators.first(READINGS, "$" + READINGS),
                        Accumulators.first(BucketMeta.TAGS, "$" + BucketMeta.TAGS),
                        Accumulators.first(BucketMeta.MEASUREMENT, "$" + BucketMeta.MEASUREMENT)),
                // an overflow's group may hold a newer reading than its highest seq: keep it for the second read
                Aggregates.match(Filters.or(Filters.gte(LAST, new Date(notBefore)), Filters.gt(SEQ, 0))),
                Aggregates.sort(Sorts.ascending("_id")), Aggregates.limit(limit), BucketReader.LAST_OF_EITHER);
    }
}
