package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.BsonField;
import io.bucketry.application.port.out.StorageStatistics;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Bucket statistics of the stored documents (seed 001's "Verify with"): counts and the average
 * bucket size in one aggregation, the size measured by the server with {@code $bsonSize} (4.4+:
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation/bsonSize/), so no bucket
 * leaves it. Only a server without {@code $bsonSize} (the embedded test server) has the sizes
 * measured here on the documents it sends, at most {@value #MAX_MEASURED}; the note says which.
 */
final class StatisticsReader {

    /** Documents whose raw size is measured client-side; beyond it the average is over the first ones in natural order. */
    static final int MAX_MEASURED = 100_000;
    /** InvalidPipelineOperator: "Unrecognized expression" on a server that lacks an operator. */
    private static final int INVALID_PIPELINE_OPERATOR = 168;

    private final MongoCollection<BsonDocument> buckets;
    private final String backend;
    private final Bson match;
    private final boolean folds;
    private volatile boolean serverMeasures = true;

    /**
     * Statistics of the buckets: every document but the stubs of folded ones ({@link FoldedStub}), which hold no
     * readings; in the sealed lay({@code folds}) each reading once while a window is folded ({@link FoldedCounts}).
     */
    StatisticsReader(MongoCollection<BsonDocument> buckets, String backend, boolean folds) {
        this(buckets, backend, FoldedStub.NOT_STUB, folds);
    }

    /** Statistics of the documents matching {@code match} only (the sealed layout's sealed documents, say). */
    StatisticsReader(MongoCollection<BsonDocument> buckets, String backend, Bson match) {
        this(buckets, backend, match, false);
    }

    private StatisticsReader(MongoCollection<BsonDocument> buckets, String backend, Bson match, boolean folds) {
        this.buckets = buckets;
        this.backend = backend;
        this.match = match;
        this.folds = folds;
    }

    StorageStatistics read() {
        if (serverMeasures) {
            try {
                return measuredByServer();
            } catch (MongoCommandException e) {
                if (!lacksBsonSize(e)) {
                    throw e;
                }
                serverMeasures = false;
            }
        }
        return measuredHere();
    }

    private StorageStatistics measuredByServer() {
        BsonDocument totals = aggregate(true);
        if (totals == null) {
            return empty();
        }
        long count = totals.getNumber("buckets").longValue();
        double average = totals.getNumber("bytes").doubleValue() / count;
        return of(totals, average, "avgBucketBytes: mean BSON size of all " + count
                + " buckets, measured by the server ($bsonSize); it excludes index entries and storage-engine compression");
    }

    private StorageStatistics measuredHere() {
        BsonDocument totals = aggregate(false);
        if (totals == null) {
            return empty();
        }
        long count = totals.getNumber("buckets").longValue();
        long measured = 0;
        long bytes = 0;
        for (RawBsonDocument document : this.buckets.withDocumentClass(RawBsonDocument.class).find(match)
                .limit(MAX_MEASURED).batchSize(1000)) {
            bytes += document.getByteBuffer().remaining();
            measured++;
        }
        Double average = measured == 0 ? null : (double) bytes / measured;
        return of(totals, average, "avgBucketBytes: mean size of the BSON documents as returned by the server, measured"
                + " client-side (this server has no $bsonSize) on "
                + (measured == count ? "all " + measured : "the first " + measured + " (natural order) of " + count)
                + " buckets; it excludes index entries and storage-engine compression");
    }

    private BsonDocument aggregate(boolean withSizes) {
        // A $group past 100 MB fails without disk use on 5.0 (the default from 6.0: manual, "allowDiskUseByDefault");
        // the sealed layout's grouping by window holds one entry per window.
        return buckets.aggregate(matching(stages(withSizes))).allowDiskUse(true).first();
    }

    /** This reader's stages after the match. */
    private List<Bson> stages(boolean withSizes) {
        if (!folds) {
            return pipeline(withSizes, new BsonDocument("$bsonSize", new BsonString("$$ROOT")));
        }
        List<Bson> stages = new ArrayList<>(FoldedCounts.stages(withSizes));
        stages.addAll(pipeline(withSizes, new BsonString("$" + FoldedCounts.BYTES)));
        return stages;
    }

    static List<Bson> pipeline(boolean withSizes) {
        return pipeline(withSizes, new BsonDocument("$bsonSize", new BsonString("$$ROOT")));
    }

    private static List<Bson> pipeline(boolean withSizes, BsonValue size) {
        List<BsonField> perSeries = new ArrayList<>(List.of(Accumulators.sum("buckets", 1),
                Accumulators.sum("readings", "$" + COUNT), Accumulators.max("max", "$" + COUNT)));
        List<BsonField> overall = new ArrayList<>(List.of(Accumulators.sum("series", 1), Accumulators.sum("buckets", "$buckets"),
                Accumulators.sum("readings", "$readings"), Accumulators.max("max", "$max")));
        if (withSizes) {
            perSeries.add(Accumulators.sum("bytes", size));
            overall.add(Accumulators.sum("bytes", "$bytes"));
        }
        return List.of(Aggregates.group("$" + SERIES, perSeries), Aggregates.group(null, overall));
    }

    private List<Bson> matching(List<Bson> pipeline) {
        List<Bson> stages = new ArrayList<>(pipeline.size() + 1);
        stages.add(Aggregates.match(match));
        stages.addAll(pipeline);
        return stages;
    }

    private static boolean lacksBsonSize(MongoCommandException e) {
        String message = String.valueOf(e.getErrorMessage());
        return e.getErrorCode() == INVALID_PIPELINE_OPERATOR || message.contains("$bsonSize");
    }

    private StorageStatistics empty() {
        return StorageStatistics.of(backend, 0, 0, 0, 0, null, "no buckets stored");
    }

    private StorageStatistics of(BsonDocument totals, Double average, String note) {
        return StorageStatistics.of(backend, totals.getNumber("series").longValue(), totals.getNumber("readings").longValue(),
                totals.getNumber("buckets").longValue(), totals.getNumber("max").longValue(), average, note);
    }
}
