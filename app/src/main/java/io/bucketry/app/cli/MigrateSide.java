package io.bucketry.app.cli;

import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.app.config.ConfigKey;
import io.bucketry.app.config.ConfigLoader;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * One side of a migration (source or target): a configuration file plus a few flags, read without the
 * environment, so that {@code BUCKETRY_BACKEND} or {@code MONGODB_URI} cannot silently point both
 * sides at the same store.
 */
record MigrateSide(String name, String side, Path config, String backend, String mongoUri, String mongoDatabase,
                   String mongoCollection, String timeseriesFallback, String mongoTimeout, String mongoTags) {

    BucketryConfig load(PrintStream err) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.BACKEND, backend);
        flags.put(ConfigKey.MONGO_URI, mongoUri);
        flags.put(ConfigKey.MONGO_DATABASE, mongoDatabase);
        flags.put(ConfigKey.MONGO_COLLECTION, mongoCollection);
        flags.put(ConfigKey.TIMESERIES_FALLBACK, timeseriesFallback);
        flags.put(ConfigKey.MONGO_TIMEOUT, mongoTimeout);
        flags.put(ConfigKey.MONGO_TAGS, mongoTags);
        return ConfigLoader.load(flags, this::flag, config, Map.of(), SimulateCommand.SERVE_ONLY,
                warning -> err.println("bucketry migrate: warning: " + name + ": " + warning)).store();
    }

    /** This side's flag for {@code key}: {@code --from-mongo-uri} for the source's mongoUri. */
    String flag(ConfigKey key) {
        return "--" + side + "-" + key.flag().substring(2);
    }

    /** The running store of this side; a store that refuses to open (a conflicting layout) says which side it is. */
    Bucketry start(BucketryConfig config) {
        try {
            return ConfigOptions.start(config, SettingWords.ofMigrateSide(side));
        } catch (IllegalStateException e) {
            throw new IllegalStateException(cannotOpen(config, e), e);
        } catch (StoreUnavailableException e) {
            throw new StoreUnavailableException(cannotOpen(config, e), e);
        }
    }

    private String cannotOpen(BucketryConfig config, RuntimeException e) {
        return "the " + name + " (" + config.backend() + ") cannot be opened: " + e.getMessage();
    }
}
