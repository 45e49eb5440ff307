package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import io.bucketry.adapter.mongo.common.layout.LayoutText;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * A TTL index whose expireAfterSeconds is not what the configured retention needs. After a safe
 * retention or grace change (the layout check passed) the index follows with collMod; otherwise,
 * or when the server refuses collMod (it needs the collMod privilege), the start stops with a line
 * naming the setting, both values and the command to run.
 */
final class ExpiryIndex {

    private ExpiryIndex() {
    }

    /** Null when the index now expires after {@code expire}; else why the start stops. */
    static String follow(MongoDatabase database, String collection, String index, String field, Long actual,
                         long expire, BucketPolicy policy, RetentionPolicy retention, LayoutStart layout) {
        BsonDocument command = collMod(collection, index, expire);
        String refusal = "";
        if (layout.expiryChange().isPresent() && actual != null) {
            try {
                // collMod changes a TTL index's expireAfterSeconds in place (manual: collMod, "Change Index Options").
                database.runCommand(command);
                return null;
            } catch (MongoCommandException e) {
                refusal = "; the server refused to change it (" + e.getErrorMessage() + ")";
            }
        }
        return "TTL index '" + index + "' on {" + field + "} has expireAfterSeconds " + (actual == null ? "unset" : actual)
                + ", but retention " + LayoutText.duration(retention.retention()) + " + grace "
                + LayoutText.duration(retention.grace())
                + (policy instanceof BucketPolicy.Windowed windowed ? " + bucket width " + LayoutText.duration(windowed.width()) : "")
                + " needs " + expire + ": " + layout.expiryCause() + refusal + ". Fix: db.runCommand("
                + command.toJson().replace('"', '\'') + ") and start again (safe: the layout check passed),"
                + " or start with the stored retention and grace";
    }

    static BsonDocument collMod(String collection, String index, long expire) {
        return new BsonDocument("collMod", new BsonString(collection)).append("index",
                new BsonDocument("name", new BsonString(index)).append("expireAfterSeconds", new BsonInt64(expire)));
    }
}
