package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

import java.util.List;

/**
 * What sealing ({@link WindowSealer}) does with sub-window summaries: a window sealed in place keeps
 * its row document's {@code subs} as they are (the sums stay bit for bit what queries saw before),
 * when they hold every reading under this width; a fold (several documents, one reading possibly
 * in two of them for a moment) and a row document without complete summaries get the summaries
 * of the window's deduplicated readings.
 */
final class SubWindowSeal {

    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    private SubWindowSeal() {
    }

    /**
     * Puts the summaries into {@code sealed} (nothing when {@code shape} is null: sub-windows off);
     * answers their encoded size in bytes, for the sealed document's size check.
     *
     * @param readings the window's readings, distinct times, in time order
     * @param own      the sealed-in-place row document's {@code subs}, or null (a fold, or none stored)
     */
    static int carry(SubWindowFields shape, BsonDocument sealed, List<Reading> readings, BsonDocument own) {
        if (shape == null) {
            return 0;
        }
        BsonDocument subs = shape.complete(own, readings.size()) ? own : SubWindowUpdate.document(shape, readings);
        sealed.append(SubWindowFields.SUBS, subs);
        return new RawBsonDocument(subs, CODEC).getByteBuffer().remaining();
    }
}
