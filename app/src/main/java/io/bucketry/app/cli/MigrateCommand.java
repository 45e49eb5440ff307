package io.bucketry.app.cli;

import io.bucketry.application.transfer.Migration;
import io.bucketry.application.transfer.MigrationReport;
import io.bucketry.application.transfer.SeriesCheck;
import io.bucketry.application.transfer.SeriesDigest;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code bucketry migrate}: copies every series from one configured backend to another, then verifies each. */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Copy every series of one backend into another, then verify each.",
                "By series and in time order, through the use cases (the target validates and deduplicates as for any ingest), then verify each " +
                "series: count, first and last time and an order-independent checksum of the readings, one line per " +
                "series. Resumable: after a crash run it again; readings already copied count as duplicates. " +
                "Each side is its --*-config file plus its --*-backend/--*-mongo-* flags; the environment is not read. " +
                "Exit code 0 when every series matches, 3 when some series differs, 1 on failure, 2 for bad usage."})
public final class MigrateCommand implements Callable<Integer> {

    /** The exit code of a migration that finished with some series differing. */
    static final int DIFFERENCES = 3;

    @ParentCommand
    BucketryCommand parent;

    @Option(names = "--from-config", paramLabel = "FILE", description = "YAML configuration of the source.")
    Path fromConfig;
    @Option(names = "--from-backend", paramLabel = "NAME", description = "Backend of the source (over its file).")
    String fromBackend;
    @Option(names = "--from-mongo-uri", paramLabel = "URI", description = "MongoDB connection string of the source.")
    String fromMongoUri;
    @Option(names = "--from-mongo-database", paramLabel = "NAME", description = "MongoDB database of the source.")
    String fromMongoDatabase;
    @Option(names = "--from-mongo-collection", paramLabel = "NAME", description = "MongoDB collection of the source.")
    String fromMongoCollection;
    @Option(names = "--from-timeseries-fallback", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "mongo-timeseries source on a server without native time-series collections: its plain collection.")
    String fromTimeseriesFallback;
    @Option(names = "--from-mongo-timeout", paramLabel = "DURATION",
            description = "How long one MongoDB operation of the source may take (default 10s).")
    String fromMongoTimeout;
    @Option(names = "--from-mongo-tags", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "Whether the source collection keeps tags (default: as its layout record says).")
    String fromMongoTags;

    @Option(names = "--to-config", paramLabel = "FILE", description = "YAML configuration of the target.")
    Path toConfig;
    @Option(names = "--to-backend", paramLabel = "NAME", description = "Backend of the target (over its file).")
    String toBackend;
    @Option(names = "--to-mongo-uri", paramLabel = "URI", description = "MongoDB connection string of the target.")
    String toMongoUri;
    @Option(names = "--to-mongo-database", paramLabel = "NAME", description = "MongoDB database of the target.")
    String toMongoDatabase;
    @Option(names = "--to-mongo-collection", paramLabel = "NAME", description = "MongoDB collection of the target.")
    String toMongoCollection;
    @Option(names = "--to-timeseries-fallback", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "mongo-timeseries target on a server without native time-series collections: a plain collection.")
    String toTimeseriesFallback;
    @Option(names = "--to-mongo-timeout", paramLabel = "DURATION",
            description = "How long one MongoDB operation of the target may take (default 10s).")
    String toMongoTimeout;
    @Option(names = "--to-mongo-tags", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "Whether the target collection keeps tags (default: a new one does; refused on one made without).")
    String toMongoTags;

    @Option(names = "--prefix", paramLabel = "TEXT", description = "Only series whose id starts with this (default: all).")
    String prefix;

    @Option(names = "--skip-matching", description = {"Before copying a series, compare the digests of both sides and",
            "skip it when they already match (a resumed run of a large migration reads instead of rewriting)."})
    boolean skipMatching;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "10000",
            description = "Readings per read and per ingest call, at most the target's maxBatchSize (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Override
    public Integer call() {
        MigrateSide from = new MigrateSide("source", "from", fromConfig, fromBackend, fromMongoUri, fromMongoDatabase,
                fromMongoCollection, fromTimeseriesFallback, fromMongoTimeout, fromMongoTags);
        MigrateSide to = new MigrateSide("target", "to", toConfig, toBackend, toMongoUri, toMongoDatabase, toMongoCollection,
                toTimeseriesFallback, toMongoTimeout, toMongoTags);
        BucketryConfig source = from.load(parent.err);
        BucketryConfig target = to.load(parent.err);
        ConfigOptions.requireLasting(source, "a source in", "this command starts it empty, so there is nothing to"
                + " migrate; give --from-backend mongo-bucket or mongo-timeseries with --from-mongo-uri");
        ConfigOptions.requireLasting(target, "readings migrated into", "give --to-backend mongo-bucket or"
                + " mongo-timeseries with --to-mongo-uri");
        if (batchSize < 1 || batchSize > target.maxBatchSize()) {
            throw new ConfigurationException("--batch-size " + batchSize + " must be from 1 to the target's maxBatchSize "
                    + target.maxBatchSize());
        }
        MigrationReport report;
        String names;
        try (Bucketry in = from.start(source); Bucketry out = to.start(target)) {
            names = in.backend() + " -> " + out.backend();
            long expected = in.describe().describe().readings();
            long[] copied = {0};
            try (TransferProgress progress = new TransferProgress("migrate", "readings", expected, parent.err)) {
                report = Migration.between(in.useCases(), out.useCases(), batchSize).run(prefix, skipMatching,
                        (series, readings) -> progress.at(copied[0] += readings));
            }
        }
        print(report, names);
        return report.matches() ? 0 : DIFFERENCES;
    }

    private void print(MigrationReport report, String names) {
        for (SeriesCheck check : report.series()) {
            String copy = check.skipped() ? "skipped, already matching" : String.format(Locale.ROOT,
                    "stored %,d, duplicates %,d, rejected %,d", check.accepted(), check.duplicates(), check.rejected());
            if (check.matches()) {
                parent.out.println("OK   " + check.series() + ": " + digest(check.source()) + " (" + copy + ")");
            } else {
                parent.out.println("DIFF " + check.series() + ": source " + digest(check.source()) + "; target "
                        + digest(check.target()) + " (" + copy + (check.firstRejection() == null ? ""
                        : "; first rejected " + check.firstRejection()) + ")");
            }
        }
        long differ = report.differences().size();
        parent.out.printf(Locale.ROOT, "migrated %s %s: %s stored, %s; %,d match, %,d differ%n",
                Counted.of(report.series().size(), "series"), names, Counted.of(report.accepted(), "reading"),
                Counted.of(report.duplicates(), "duplicate"), report.series().size() - differ, differ);
        parent.out.flush();
    }

    private static String digest(SeriesDigest digest) {
        return digest.count() == 0 ? "0 readings" : String.format(Locale.ROOT, "%s %s .. %s checksum %s",
                Counted.of(digest.count(), "reading"), digest.first(), digest.last(), digest.checksumHex());
    }
}
