package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;

import java.util.concurrent.TimeUnit;

/** Builds the store's own client: the connection string's options, a command counter, a short server selection. */
final class StoreClients {

    /** Unless the connection string says otherwise: fail a start against an absent server within seconds. */
    private static final long DEFAULT_SERVER_SELECTION_SECONDS = 10;

    private StoreClients() {
    }

    /** The hosts of the connection string, for messages: never its credentials or options. */
    static String servers(MongoTimeSeriesSettings settings) {
        return String.join(",", new ConnectionString(settings.uri()).getHosts());
    }

    static MongoClient create(MongoTimeSeriesSettings settings, CommandCounter counter, CommandListener extra) {
        ConnectionString uri = new ConnectionString(settings.uri());
        MongoClientSettings.Builder builder = MongoClientSettings.builder().applyConnectionString(uri)
                .applicationName(uri.getApplicationName() == null ? "bucketry-timeseries" : uri.getApplicationName())
                .addCommandListener(counter);
        if (extra != null) {
            builder.addCommandListener(extra);
        }
        if (uri.getServerSelectionTimeout() == null) {
            builder.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(
                    DEFAULT_SERVER_SELECTION_SECONDS, TimeUnit.SECONDS));
        }
        return MongoClients.create(builder.build());
    }
}
