package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;

/** Builds the driver client of a store or of the baseline, with its command listener attached. */
final class MongoConnections {

    private MongoConnections() {
    }

    static MongoClient client(MongoBucketSettings settings, String applicationName, CommandListener listener) {
        ConnectionString uri;
        try {
            uri = new ConnectionString(settings.uri());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("MongoDB uri '" + settings.redactedUri() + "' is invalid: " + e.getMessage(), e);
        }
        return MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(uri)
                .applicationName(applicationName)
                .addCommandListener(listener)
                .build());
    }
}
