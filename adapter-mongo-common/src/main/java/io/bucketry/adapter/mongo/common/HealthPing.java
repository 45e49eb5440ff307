package io.bucketry.adapter.mongo.common;

import com.mongodb.client.MongoClient;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreUnavailableException;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

import java.util.concurrent.TimeUnit;

/** Either Mongo store's health check: a {@code ping} that answers in time whether or not the server does. */
public final class HealthPing {

    /** How long a health probe waits for the server's answer (a health check must answer within 2 s). */
    public static final long PROBE_MILLIS = 1500;

    private HealthPing() {
    }

    /** A {@code ping} bounded by {@value #PROBE_MILLIS} ms: the driver's timeoutMS bounds server selection too (CSOT spec). */
    public static StoreHealth ping(MongoClient client, MongoFailures failures) {
        try {
            failures.limitedTo(PROBE_MILLIS).translate("answer a ping", () -> client.getDatabase("admin").withTimeout(PROBE_MILLIS, TimeUnit.MILLISECONDS)
                    .runCommand(new BsonDocument("ping", new BsonInt32(1)), BsonDocument.class));
            return StoreHealth.healthy();
        } catch (StoreUnavailableException e) {
            return StoreHealth.down(e.getMessage());
        }
    }
}
