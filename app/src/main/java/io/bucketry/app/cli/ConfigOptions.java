package io.bucketry.app.cli;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.app.config.AppConfig;
import io.bucketry.app.config.ConfigKey;
import io.bucketry.app.config.ConfigLoader;
import io.bucketry.bootstrap.config.ConfigurationException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Set;

/**
 * The configuration flags that {@code serve} and {@code simulate} share. Values stay text here so
 * that a flag is checked by exactly the rule that checks the same key in the environment or a file.
 */
public final class ConfigOptions {

    @Option(names = "--config", paramLabel = "FILE", description = "YAML configuration file (env BUCKETRY_CONFIG).")
    Path config;

    @Option(names = "--backend", paramLabel = "NAME",
            description = "inmemory, mongo-bucket or mongo-timeseries (env BUCKETRY_BACKEND; default inmemory).")
    String backend;

    @Option(names = "--bucket-policy", paramLabel = "KIND",
            description = "windowed (buckets of --bucket-width) or paged (pages of --page-size readings) "
                    + "(env BUCKETRY_BUCKET_POLICY; default windowed).")
    String bucketPolicy;

    @Option(names = "--bucket-width", paramLabel = "DURATION",
            description = "Window width of a bucket, e.g. 1h or PT30M (env BUCKETRY_BUCKET_WIDTH; default 1h).")
    String bucketWidth;

    @Option(names = "--bucket-max-count", paramLabel = "N",
            description = "At most N readings per bucket (env BUCKETRY_BUCKET_MAX_COUNT; default 1000).")
    String bucketMaxCount;

    @Option(names = "--page-size", paramLabel = "N",
            description = "Readings per page: the paged policy's bucket size and the default page size "
                    + "(env BUCKETRY_PAGE_SIZE; default 1000).")
    String pageSize;

    @Option(names = "--retention", paramLabel = "DURATION",
            description = "Keep readings this long, e.g. 90d (env BUCKETRY_RETENTION; default 90d).")
    String retention;

    @Option(names = "--grace", paramLabel = "DURATION",
            description = "Extra time before expired buckets are reclaimed (env BUCKETRY_GRACE; default 1h).")
    String grace;

    @Option(names = "--future-tolerance", paramLabel = "DURATION",
            description = "Refuse readings further ahead of now (env BUCKETRY_FUTURE_TOLERANCE; default 1h).")
    String futureTolerance;

    @Option(names = "--max-batch-size", paramLabel = "N",
            description = "Largest ingest batch (env BUCKETRY_MAX_BATCH_SIZE; default 100000).")
    String maxBatchSize;

    @Option(names = "--max-windows", paramLabel = "N",
            description = "Largest number of windows one aggregation may produce (env BUCKETRY_MAX_WINDOWS; default 100000).")
    String maxWindows;

    @Option(names = "--mongo-uri", paramLabel = "URI",
            description = "MongoDB connection string; never printed with its credentials (env MONGODB_URI; "
                    + "default mongodb://localhost:27017).")
    String mongoUri;

    @Option(names = "--mongo-database", paramLabel = "NAME",
            description = "MongoDB database (env BUCKETRY_MONGO_DATABASE; default bucketry).")
    String mongoDatabase;

    @Option(names = "--mongo-collection", paramLabel = "NAME",
            description = "MongoDB collection (env BUCKETRY_MONGO_COLLECTION; default: the backend's own).")
    String mongoCollection;

    @Option(names = "--timeseries-fallback", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "mongo-timeseries: on a server without native time-series collections, store one plain "
                    + "document per reading instead of refusing to start (env BUCKETRY_TIMESERIES_FALLBACK; default false).")
    String timeseriesFallback;

    @Option(names = "--embedded-mongo", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "Start an in-memory MongoDB test server in this process (keeps nothing; no real indexes, TTL "
                    + "or time-series collections) and use it instead of --mongo-uri; implies --timeseries-fallback "
                    + "(env BUCKETRY_EMBEDDED_MONGO; default false).")
    String embeddedMongo;

    @Option(names = "--memory-limit", paramLabel = "PERCENT",
            description = "inmemory: refuse writes (507 STORE_FULL) once the readings would take more than this share "
                    + "of the JVM's max heap, e.g. 60%% (env BUCKETRY_MEMORY_LIMIT; default 50%%).")
    String memoryLimit;

    @Option(names = "--seal-after", paramLabel = "DURATION",
            description = "inmemory: seal a window (store it as compressed columns) this long after its end; 0s: as "
                    + "soon as it has ended (env BUCKETRY_SEAL_AFTER; default 10m).")
    String sealAfter;

    @Option(names = "--sub-window", paramLabel = "DURATION",
            description = "Keep summaries per sub-window of this width in each windowed bucket (the computed pattern), "
                    + "so that aggregates over multiples of it read no readings, e.g. 5m; off: none "
                    + "(env BUCKETRY_SUB_WINDOW; default off; not with mongo-timeseries or paged buckets).")
    String subWindow;

    @Option(names = "--mongo-timeout", paramLabel = "DURATION",
            description = "Longest a MongoDB operation may take before the call fails (503), unless the URI sets "
                    + "timeoutMS or socketTimeoutMS (env BUCKETRY_MONGO_TIMEOUT; default 10s).")
    String mongoTimeout;

    @Option(names = "--mongo-layout", paramLabel = "LAYOUT", description = "mongo-bucket: rows (default), or sealed: ended"
            + " windows as one document of compressed columns (env BUCKETRY_MONGO_LAYOUT).")
    String mongoLayout;

    @Option(names = "--mongo-tags", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "The Mongo backends: true, a new collection keeps tags and one made without them is refused "
                    + "(move it with migrate); false, a new collection keeps none (env BUCKETRY_MONGO_TAGS; default: a new "
                    + "collection keeps tags, an existing one as its layout record says). inmemory always keeps tags.")
    String mongoTags;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The store's configuration from these flags, {@code environment}, the file and defaults, plus {@code extra} flags. */
    BucketryConfig load(Map<String, String> environment, Map<ConfigKey, String> extra) {
        return load(environment, extra, Set.of());
    }

    /** The store's and the server's configuration, as {@link #load(Map, Map)}. */
    AppConfig loadWithServer(Map<String, String> environment, Map<ConfigKey, String> extra) {
        return loadAll(environment, extra, Set.of());
    }

    /**
     * As {@link #load(Map, Map)} for a command that does not use the keys {@code unused}; each warning
     * about settings that cannot be meant goes to stderr as one line.
     */
    BucketryConfig load(Map<String, String> environment, Map<ConfigKey, String> extra, Set<ConfigKey> unused) {
        return loadAll(environment, extra, unused).store();
    }

    private AppConfig loadAll(Map<String, String> environment, Map<ConfigKey, String> extra, Set<ConfigKey> unused) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.BACKEND, backend);
        flags.put(ConfigKey.BUCKET_POLICY, bucketPolicy);
        flags.put(ConfigKey.BUCKET_WIDTH, bucketWidth);
        flags.put(ConfigKey.BUCKET_MAX_COUNT, bucketMaxCount);
        flags.put(ConfigKey.PAGE_SIZE, pageSize);
        flags.put(ConfigKey.RETENTION, retention);
        flags.put(ConfigKey.GRACE, grace);
        flags.put(ConfigKey.FUTURE_TOLERANCE, futureTolerance);
        flags.put(ConfigKey.MAX_BATCH_SIZE, maxBatchSize);
        flags.put(ConfigKey.MAX_WINDOWS, maxWindows);
        flags.put(ConfigKey.MONGO_URI, mongoUri);
        flags.put(ConfigKey.MONGO_DATABASE, mongoDatabase);
        flags.put(ConfigKey.MONGO_COLLECTION, mongoCollection);
        flags.put(ConfigKey.TIMESERIES_FALLBACK, timeseriesFallback);
        flags.put(ConfigKey.EMBEDDED_MONGO, embeddedMongo);
        flags.put(ConfigKey.MEMORY_LIMIT, memoryLimit);
        flags.put(ConfigKey.MONGO_TIMEOUT, mongoTimeout);
        flags.put(ConfigKey.SEAL_AFTER, sealAfter);
        flags.put(ConfigKey.MONGO_LAYOUT, mongoLayout);
        flags.put(ConfigKey.MONGO_TAGS, mongoTags);
        flags.put(ConfigKey.SUB_WINDOW, subWindow);
        flags.putAll(extra);
        PrintStream err = ((BucketryCommand) command.root().userObject()).err;
        String prefix = command.qualifiedName() + ": warning: ";
        return ConfigLoader.load(flags, config, environment, unused, warning -> err.println(prefix + warning));
    }

    /**
     * Starts Bucketry from {@code config}. A value the store itself refuses (a database or collection
     * name, a connection string the driver cannot parse: IllegalArgumentException) is a configuration
     * error like any other, so that it exits as bad usage.
     */
    static Bucketry start(BucketryConfig config) {
        return start(config, SettingWords.ofFlags());
    }

    /** As {@link #start(BucketryConfig)}, naming the settings a refusal asks to change in {@code words}. */
    static Bucketry start(BucketryConfig config, SettingWords words) {
        return asUsage(() -> words.starting(() -> Bucketry.start(config)));
    }

    /**
     * Refuses a store that lives only in this process (the in-memory backend, or a Mongo backend on the
     * embedded test server) for a command that ends when its work is done: what it stored would be gone
     * when it exits, while it reported success. {@code instead} says what to do.
     */
    static void requireLasting(BucketryConfig config, String what, String instead) {
        boolean vanishes = config.backend() == Backend.INMEMORY || config.mongo().embedded();
        if (vanishes) {
            String store = config.backend() == Backend.INMEMORY ? "the in-memory backend"
                    : "the embedded MongoDB test server";
            throw new ConfigurationException(what + " " + store + " would be lost when this command exits: " + instead);
        }
    }

    /** Runs {@code step}, which opens what {@code config} names, turning a value it refuses into a configuration error. */
    static <T> T asUsage(Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("invalid configuration: " + e.getMessage());
        }
    }
}
