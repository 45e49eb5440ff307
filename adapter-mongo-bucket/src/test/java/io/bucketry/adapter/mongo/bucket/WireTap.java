package io.bucketry.adapter.mongo.bucket;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import io.bucketry.adapter.mongo.common.CommandCounter;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * Test listener on a store's client ({@link CommandCounter#tap}): the BSON bytes of the documents that
 * reads return (find, aggregate, getMore batches) and whether any carries a reading, and the bytes of
 * the update statements sent.
 */
final class WireTap implements CommandListener {

    private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

    long returnedDocuments;
    long returnedBytes;
    long returnedReadings;
    long returnedColumns;
    long statements;
    long statementBytes;

    static WireTap on(MongoBucketReadingStore store) {
        WireTap tap = new WireTap();
        store.counter().tap(tap);
        return tap;
    }

    void reset() {
        returnedDocuments = returnedBytes = returnedReadings = returnedColumns = statements = statementBytes = 0;
    }

    @Override
    public synchronized void commandStarted(CommandStartedEvent event) {
        if (event.getCommandName().equals("update") && event.getCommand().isArray("updates")) {
            for (BsonValue statement : event.getCommand().getArray("updates")) {
                statements++;
                statementBytes += size(statement.asDocument());
            }
        }
    }

    @Override
    public synchronized void commandSucceeded(CommandSucceededEvent event) {
        BsonDocument cursor = event.getResponse().getDocument("cursor", null);
        if (cursor == null) {
            return;
        }
        for (String batch : new String[] {"firstBatch", "nextBatch"}) {
            if (cursor.isArray(batch)) {
                for (BsonValue document : cursor.getArray(batch)) {
                    returnedDocuments++;
                    returnedBytes += size(document.asDocument());
                    BsonValue readings = document.asDocument().get(BucketFields.READINGS);
                    if (readings != null && readings.isArray()) {
                        returnedReadings += readings.asArray().size();
                    }
                    if (document.asDocument().containsKey(BucketFields.COLS)) {
                        returnedColumns++;
                    }
                }
            }
        }
    }

    static int size(BsonDocument document) {
        return new RawBsonDocument(document, CODEC).getByteBuffer().remaining();
    }
}
