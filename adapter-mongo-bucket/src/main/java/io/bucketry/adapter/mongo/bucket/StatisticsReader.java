package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import io.bucketry.application.port.out.StorageStatistics;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;

import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Bucket statistics of the stored documents (seed 001's "Verify with"): counts by one
 * aggregation, and the average bucket size measured on the BSON bytes the server sends back.
 */
final class StatisticsReader {

    /** Documents whose raw size is measured; beyond it the average is over the first ones in natural order. */
    static final int MAX_MEASURED = 100_000;

    private final MongoCollection<BsonDocument> buckets;
    private final String backend;

    StatisticsReader(MongoCollection<BsonDocument> buckets, String backend) {
        this.buckets = buckets;
        this.backend = backend;
    }

    StorageStatistics read() {
        BsonDocument totals = buckets.aggregate(List.of(
                Aggregates.group("$" + SERIES, Accumulators.sum("buckets", 1), Accumulators.sum("readings", "$" + COUNT),
                        Accumulators.max("max", "$" + COUNT)),
                Aggregates.group(null, Accumulators.sum("series", 1), Accumulators.sum("buckets", "$buckets"),
                        Accumulators.sum("readings", "$readings"), Accumulators.max("max", "$max")))).first();
        if (totals == null) {
            return StorageStatistics.of(backend, 0, 0, 0, 0, null, "no buckets stored");
        }
        long buckets = totals.getNumber("buckets").longValue();
        long measured = 0;
        long bytes = 0;
        for (RawBsonDocument document : this.buckets.withDocumentClass(RawBsonDocument.class).find()
                .limit(MAX_MEASURED).batchSize(1000)) {
            bytes += document.getByteBuffer().remaining();
            measured++;
        }
        Double average = measured == 0 ? null : (double) bytes / measured;
        String note = "avgBucketBytes: mean size of the BSON documents as returned by the server, measured on "
                + (measured == buckets ? "all " + measured : "the first " + measured + " (natural order) of " + buckets)
                + " buckets; it excludes index entries and storage-engine compression";
        return StorageStatistics.of(backend, totals.getNumber("series").longValue(),
                totals.getNumber("readings").longValue(), buckets, totals.getNumber("max").longValue(), average, note);
    }
}
