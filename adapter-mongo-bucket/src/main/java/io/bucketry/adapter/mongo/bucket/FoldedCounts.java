package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The sealed layout's first statistics stages: each window's documents that count, one row each
 * ({@code series}, {@code count}, and {@code bytes} when sized). While a window is folded
 * ({@link WindowSealer}), its sealed document (the highest seq of the fold) holds every reading of
 * the row documents of lower seq beside it, until they become stubs; so a window counts its documents
 * from its highest sealed seq up (the deltas after it hold other readings), every document when none is
 * sealed. One scan sees a consistent window: the sealed document lies after its sources in natural
 * order and a replacement keeps a document's place, so a scan that saw a source as rows sees the
 * sealed replacement after it.
 */
final class FoldedCounts {

    /** The size of each document, kept through the grouping by window. */
    static final String BYTES = "bytes";

    private FoldedCounts() {
    }

    static List<Bson> stages(boolean withSizes) {
        BsonDocument entry = new BsonDocument("q", new BsonString("$" + SEQ)).append("c", new BsonString("$" + COUNT));
        if (withSizes) {
            entry.append("b", new BsonDocument("$bsonSize", new BsonString("$$ROOT")));
        }
        BsonDocument sealedSeq = new BsonDocument("$cond", new BsonArray(List.of(
                new BsonDocument("$eq", new BsonArray(List.of(new BsonString("$" + UNSEALED), BsonBoolean.FALSE))),
                new BsonString("$" + SEQ), new BsonInt32(-1))));
        BsonDocument counted = new BsonDocument("$filter", new BsonDocument("input", new BsonString("$docs"))
                .append("as", new BsonString("d"))
                .append("cond", new BsonDocument("$gte", new BsonArray(List.of(new BsonString("$$d.q"), new BsonString("$top"))))));
        BsonDocument row = new BsonDocument(SERIES, new BsonString("$_id.s")).append(COUNT, new BsonString("$d.c"));
        if (withSizes) {
            row.append(BYTES, new BsonString("$d.b"));
        }
        return List.of(
                Aggregates.group(new BsonDocument("s", new BsonString("$" + SERIES)).append("t", new BsonString("$" + START)),
                        Accumulators.push("docs", entry), Accumulators.max("top", sealedSeq)),
                Aggregates.project(new BsonDocument("d", counted)),
                Aggregates.unwind("$d"),
                Aggregates.replaceRoot(row));
    }
}
