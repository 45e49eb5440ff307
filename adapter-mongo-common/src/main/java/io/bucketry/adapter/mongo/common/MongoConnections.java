package io.bucketry.adapter.mongo.common;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;

import java.util.concurrent.TimeUnit;

/**
 * Builds the driver client of either Mongo store (or of a tool beside one), with its command listeners
 * attached, the given application name unless the connection string sets {@code appName}, and,
 * unless the connection string sets one, a server selection timeout of
 * {@value #DEFAULT_SERVER_SELECTION_SECONDS} s (the driver's 30 s default leaves a start against an
 * absent server hanging), an operation timeout (the driver's {@code timeoutMS}, from the settings)
 * unless it sets {@code timeoutMS} or {@code socketTimeoutMS} (without one, a server that stops
 * answering leaves a call hanging for ever), and the write concern {@code majority} unless it sets {@code w}.
 */
public final class MongoConnections {

    private static final long DEFAULT_SERVER_SELECTION_SECONDS = 10;

    private MongoConnections() {
    }

    /** A client for {@code settings}, named {@code applicationName} unless the uri names it, telling {@code listeners}. */
    public static MongoClient client(MongoConnectionSettings settings, String applicationName, CommandListener... listeners) {
        return MongoClients.create(clientSettings(settings, applicationName, listeners));
    }

    /** The hosts of the connection string, for messages: never its credentials or options. */
    public static String servers(MongoConnectionSettings settings) {
        try {
            return String.join(",", new ConnectionString(settings.uri()).getHosts());
        } catch (IllegalArgumentException e) {
            return settings.redactedUri();
        }
    }

    /**
     * The failure translator of a client built from {@code settings}: its hosts and the limits it waits
     * for; its messages start with {@code who} (the backend).
     */
    public static MongoFailures failures(MongoConnectionSettings settings, String who) {
        ConnectionString uri = new ConnectionString(settings.uri());
        MongoClientSettings client = clientSettings(settings, "bucketry");
        Long timeout = client.getTimeout(TimeUnit.MILLISECONDS);
        return new MongoFailures(servers(settings), timeout, timeout == null ? null
                : uri.getTimeout() == null ? "the key mongoTimeout" : "the connection string's timeoutMS",
                client.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS), who);
    }

    /** The driver settings {@link #client} builds its client from. */
    public static MongoClientSettings clientSettings(MongoConnectionSettings settings, String applicationName,
                                                     CommandListener... listeners) {
        ConnectionString uri;
        try {
            uri = new ConnectionString(settings.uri());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("MongoDB uri '" + settings.redactedUri() + "' is invalid: " + e.getMessage(), e);
        }
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .applyConnectionString(uri)
                .applicationName(uri.getApplicationName() == null ? applicationName : uri.getApplicationName())
                .writeConcern(durable(uri.getWriteConcern()));
        for (CommandListener listener : listeners) {
            if (listener != null) {
                builder.addCommandListener(listener);
            }
        }
        if (uri.getServerSelectionTimeout() == null) {
            builder.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(
                    DEFAULT_SERVER_SELECTION_SECONDS, TimeUnit.SECONDS));
        }
        if (uri.getTimeout() == null && uri.getSocketTimeout() == null) {
            // Client-side operation timeout (CSOT), also sent as maxTimeMS:
            // https://www.mongodb.com/docs/drivers/java/sync/current/connection/specify-connection-options/csot/
            builder.timeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
        }
        return builder.build();
    }

    /**
     * The connection string's write concern when it sets {@code w}; otherwise {@code majority}
     * (keeping its {@code journal} and {@code wtimeoutMS}), so an acknowledged write survives a
     * failover: https://www.mongodb.com/docs/manual/reference/write-concern/ (w: 1 can be rolled back).
     */
    public static WriteConcern durable(WriteConcern fromUri) {
        if (fromUri == null) {
            return WriteConcern.MAJORITY;
        }
        if (fromUri.getWObject() != null) {
            return fromUri;
        }
        WriteConcern majority = WriteConcern.MAJORITY.withJournal(fromUri.getJournal());
        Integer wtimeout = fromUri.getWTimeout(TimeUnit.MILLISECONDS);
        return wtimeout == null ? majority : majority.withWTimeout(wtimeout, TimeUnit.MILLISECONDS);
    }
}
