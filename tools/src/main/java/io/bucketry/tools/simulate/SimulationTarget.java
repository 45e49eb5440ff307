package io.bucketry.tools.simulate;

import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where {@code simulate} writes on a MongoDB server: collections of its own ({@code simulate_buckets}
 * and its baseline {@code simulate_buckets_baseline}, {@code simulate_timeseries}) in the configured
 * database, never the configured {@code mongoCollection}, which names the user's data. A target that
 * already holds documents is refused unless forced (then emptied first, so that the figures count
 * only what this run wrote); what the run created is dropped at the end unless kept.
 */
public final class SimulationTarget {

    private final BucketryConfig config;
    private final List<String> collections;

    private SimulationTarget(BucketryConfig config, List<String> collections) {
        this.config = config;
        this.collections = collections;
    }

    /** The collection simulate uses for {@code backend}. */
    public static String collection(Backend backend) {
        return backend == Backend.MONGO_BUCKET ? "simulate_buckets" : "simulate_timeseries";
    }

    /**
     * The target of {@code config}'s backend; for inmemory, nothing to isolate.
     *
     * @throws IllegalArgumentException for a retention the mongo-bucket store would refuse
     */
    public static SimulationTarget of(BucketryConfig config) {
        if (config.backend() == Backend.INMEMORY) {
            return new SimulationTarget(config, List.of());
        }
        if (config.backend() == Backend.MONGO_BUCKET) {
            // A retention the store refuses is refused before anything connects (IllegalArgumentException).
            MongoBucketReadingStore.checkRetention(config.bucketPolicyValue(), config.retentionPolicy());
        }
        String collection = collection(config.backend());
        List<String> owned = config.backend() == Backend.MONGO_BUCKET
                ? List.of(collection, collection + "_baseline") : List.of(collection);
        return new SimulationTarget(config.toBuilder().mongoCollection(collection).build(), owned);
    }

    /** The configuration to run with: the same, but on simulate's own collection. */
    public BucketryConfig config() {
        return config;
    }

    /** Database-qualified names of what the run writes. */
    public List<String> namespaces() {
        return collections.stream().map(name -> config.mongo().database() + "." + name).toList();
    }

    /**
     * Prints where the run writes, then refuses (IllegalStateException, one line) a target that holds
     * documents, or with {@code force} drops them. The embedded test server starts empty: nothing to look at.
     */
    public void prepare(BucketryConfig requested, boolean force, PrintStream progress) {
        if (collections.isEmpty()) {
            return;
        }
        if (requested.mongo().collection() != null) {
            progress.println("bucketry: simulate leaves mongoCollection " + requested.mongo().collection()
                    + " alone (it names your data) and writes into collections of its own");
        }
        progress.println("bucketry: simulate writes into " + String.join(" and ", namespaces()));
        if (config.mongo().embedded()) {
            return;
        }
        try (MongoServerDiagnostics server = diagnostics()) {
            List<String> occupied = new ArrayList<>();
            for (String collection : collections) {
                long documents = server.count(collection);
                if (documents > 0) {
                    occupied.add(String.format(Locale.ROOT, "%s.%s holds %,d document%s", config.mongo().database(),
                            collection, documents, documents == 1 ? "" : "s"));
                }
            }
            if (!occupied.isEmpty() && !force) {
                throw new IllegalStateException("simulate refuses to write where data already is: " + String.join(", ", occupied)
                        + " (a run with --keep?); its figures would mix with them. Drop them, use another --mongo-database,"
                        + " or pass --force to empty them first");
            }
            if (force) {
                collections.forEach(server::drop);
            }
            if (!occupied.isEmpty()) {
                progress.println("bucketry: --force: emptied " + String.join(", ", occupied));
            }
        }
    }

    /** Drops what the run wrote unless {@code keep}; says which. */
    public void finish(boolean keep, PrintStream progress) {
        if (collections.isEmpty()) {
            return;
        }
        if (config.mongo().embedded()) {
            progress.println("bucketry: the embedded test server keeps nothing after the run" + (keep ? " (--keep has no effect)" : ""));
            return;
        }
        if (keep) {
            progress.println("bucketry: kept " + String.join(" and ", namespaces()) + " (--keep)");
            return;
        }
        try (MongoServerDiagnostics server = diagnostics()) {
            collections.forEach(server::drop);
        }
        progress.println("bucketry: dropped " + String.join(" and ", namespaces()) + " (--keep keeps them)");
    }

    private MongoServerDiagnostics diagnostics() {
        return MongoServerDiagnostics.open(new MongoBucketSettings(config.mongo().uri(), config.mongo().database(), null),
                config.backend().id());
    }
}
