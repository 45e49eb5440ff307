package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;

import java.util.concurrent.TimeUnit;

/**
 * Builds the driver client of a store or of the baseline, with its command listener attached and,
 * unless the connection string sets one, a server selection timeout of
 * {@value #DEFAULT_SERVER_SELECTION_SECONDS} s (the driver's 30 s default leaves a start against an
 * absent server hanging).
 */
final class MongoConnections {

    static final long DEFAULT_SERVER_SELECTION_SECONDS = 10;

    private MongoConnections() {
    }

    static MongoClient client(MongoBucketSettings settings, String applicationName, CommandListener listener) {
        return MongoClients.create(clientSettings(settings, applicationName, listener));
    }

    /** The hosts of the connection string, for messages: never its credentials or options. */
    static String servers(MongoBucketSettings settings) {
        try {
            return String.join(",", new ConnectionString(settings.uri()).getHosts());
        } catch (IllegalArgumentException e) {
            return settings.redactedUri();
        }
    }

    static MongoClientSettings clientSettings(MongoBucketSettings settings, String applicationName,
                                              CommandListener listener) {
        ConnectionString uri;
        try {
            uri = new ConnectionString(settings.uri());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("MongoDB uri '" + settings.redactedUri() + "' is invalid: " + e.getMessage(), e);
        }
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .applyConnectionString(uri)
                .applicationName(applicationName)
                .addCommandListener(listener);
        if (uri.getServerSelectionTimeout() == null) {
            builder.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(
                    DEFAULT_SERVER_SELECTION_SECONDS, TimeUnit.SECONDS));
        }
        return builder.build();
    }
}
