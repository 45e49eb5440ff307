package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;

import io.bucketry.adapter.mongo.common.MongoFailures;
import java.util.concurrent.TimeUnit;

/**
 * Builds the store's own client: the connection string's options, a command counter, a short server
 * selection, an operation timeout (the driver's {@code timeoutMS}, from the settings) unless the
 * connection string sets {@code timeoutMS} or {@code socketTimeoutMS} (without one, a server that
 * stops answering leaves a call hanging for ever), and the write concern {@code majority} unless it sets {@code w}.
 */
final class StoreClients {

    /** Unless the connection string says otherwise: fail a start against an absent server within seconds. */
    private static final long DEFAULT_SERVER_SELECTION_SECONDS = 10;

    private StoreClients() {
    }

    /** The hosts of the connection string, for messages: never its credentials or options. */
    static String servers(MongoTimeSeriesSettings settings) {
        return String.join(",", new ConnectionString(settings.uri()).getHosts());
    }

    /** The failure translator of a client built from {@code settings}: its hosts and the limits it waits for. */
    static MongoFailures failures(MongoTimeSeriesSettings settings) {
        ConnectionString uri = new ConnectionString(settings.uri());
        MongoClientSettings client = clientSettings(settings, new CommandCounter(), null);
        Long timeout = client.getTimeout(TimeUnit.MILLISECONDS);
        return new MongoFailures(servers(settings), timeout, timeout == null ? null
                : uri.getTimeout() == null ? "the key mongoTimeout" : "the connection string's timeoutMS",
                client.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS), StatisticsReader.BACKEND);
    }

    static MongoClient create(MongoTimeSeriesSettings settings, CommandCounter counter, CommandListener extra) {
        return MongoClients.create(clientSettings(settings, counter, extra));
    }

    static MongoClientSettings clientSettings(MongoTimeSeriesSettings settings, CommandCounter counter,
                                              CommandListener extra) {
        ConnectionString uri = new ConnectionString(settings.uri());
        MongoClientSettings.Builder builder = MongoClientSettings.builder().applyConnectionString(uri)
                .applicationName(uri.getApplicationName() == null ? "bucketry-timeseries" : uri.getApplicationName())
                .addCommandListener(counter)
                .writeConcern(durable(uri.getWriteConcern()));
        if (extra != null) {
            builder.addCommandListener(extra);
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
     * (keeping its {@code journal} and {@code wtimeoutMS}), so an acknowledged insert survives a
     * failover: https://www.mongodb.com/docs/manual/reference/write-concern/ (w: 1 can be rolled back).
     */
    static WriteConcern durable(WriteConcern fromUri) {
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
