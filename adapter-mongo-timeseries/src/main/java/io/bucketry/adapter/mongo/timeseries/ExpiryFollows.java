package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import org.bson.Document;

/**
 * An expiry of the collection that is not what the configured retention needs. After a safe
 * retention or grace change (the layout check passed) it follows with collMod; otherwise, or when
 * the server refuses collMod, the collection's setting is kept and the start warns, naming the
 * setting that differs and the command to run.
 */
final class ExpiryFollows {

    private ExpiryFollows() {
    }

    /** The native collection's expireAfterSeconds: null when it now is {@code wanted}, else the warning. */
    static String collection(MongoDatabase database, String name, String namespace, Number actual, Long wanted,
                             LayoutStart layout) {
        Document command = collectionCommand(name, wanted);
        // Time-series collections change expireAfterSeconds with collMod (manual: "Set up Automatic Removal for Time Series Collections (TTL)").
        String refusal = wanted == null ? "" : tryCommand(database, command, layout);
        return refusal == null ? null : StartMessages.expiryDiffers(namespace, actual, wanted,
                layout.expiryCause() + refusal, command.toJson().replace('"', '\''));
    }

    /** The fallback's TTL index on t: null when it now expires after {@code wanted}, else the warning. */
    static String index(MongoDatabase database, String name, String namespace, Number actual, long wanted, LayoutStart layout) {
        Document command = indexCommand(name, wanted);
        String refusal = actual == null ? "" : tryCommand(database, command, layout);
        return refusal == null ? null : StartMessages.expiryIndexDiffers(namespace, actual, wanted,
                layout.expiryCause() + refusal, command.toJson().replace('"', '\''));
    }

    static Document collectionCommand(String name, Long wanted) {
        return new Document("collMod", name).append("expireAfterSeconds", wanted == null ? "off" : wanted);
    }

    static Document indexCommand(String name, long wanted) {
        return new Document("collMod", name).append("index",
                new Document("keyPattern", new Document(TimeSeriesOptions.TIME_FIELD, 1)).append("expireAfterSeconds", wanted));
    }

    /** Null when the command ran; "" when there was no safe change to apply; else why the server refused. */
    private static String tryCommand(MongoDatabase database, Document command, LayoutStart layout) {
        if (layout.expiryChange().isEmpty()) {
            return "";
        }
        try {
            database.runCommand(command);
            return null;
        } catch (MongoCommandException e) {
            return "; the server refused to change it (" + e.getErrorMessage() + ")";
        }
    }
}
