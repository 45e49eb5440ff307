package io.bucketry.app.cli;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.Import;
import io.bucketry.server.transfer.ImportResult;
import io.bucketry.server.transfer.InputStopsException;
import io.bucketry.server.transfer.LineRejection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code bucketry import}: ingests an NDJSON file of readings (an export) into the configured store. */
@Command(name = "import", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Ingest an NDJSON file of readings (an export) into the configured backend.",
                "One JSON reading per line, as 'export' writes (gzip is detected by its first bytes), stored in " +
                "batches through the ingest use case. Replayable: " +
                "readings already stored are counted as duplicates, never stored twice. A bad line is reported on " +
                "stderr with its number and reason; the good lines are stored all the same. It streams: each batch is " +
                "stored as it is read; input with no line end within 1 MiB (not NDJSON, e.g. /dev/zero) stops it at " +
                "that line. Exit code 0 when every line was stored or a duplicate, 3 when some line was rejected, " +
                "1 on failure (such a line included), 2 for bad usage."})
public final class ImportCommand implements Callable<Integer> {

    /** The exit code of an import that finished but rejected some line. */
    static final int REJECTED_LINES = 3;
    /** Rejected lines shown one by one; the rest are counted. */
    static final int SHOWN_REJECTIONS = 100;

    @ParentCommand
    BucketryCommand parent;

    @Mixin
    ConfigOptions options;

    @Parameters(paramLabel = "FILE", description = "The NDJSON file (plain or gzip).")
    Path file;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "10000",
            description = "Readings per ingest call, at most --max-batch-size (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Override
    public Integer call() throws IOException {
        BucketryConfig config = options.load(parent.environment, Map.of(), SimulateCommand.SERVE_ONLY);
        ConfigOptions.requireLasting(config, "readings imported into",
                "import into a MongoDB server (--backend mongo-bucket or mongo-timeseries, with --mongo-uri)");
        if (batchSize < 1 || batchSize > config.maxBatchSize()) {
            throw new ConfigurationException("--batch-size " + batchSize + " must be from 1 to maxBatchSize "
                    + config.maxBatchSize());
        }
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            throw new ConfigurationException("cannot read the file " + file);
        }
        ImportResult result;
        long[] shown = {0};
        Consumer<LineRejection> report = rejection -> {
            if (++shown[0] <= SHOWN_REJECTIONS) {
                parent.err.println("bucketry import: " + file + ": " + rejection);
            }
        };
        try (Bucketry bucketry = ConfigOptions.start(config);
             InputStream in = Import.open(file);
             // No total: counting the lines first would read the whole input (forever, from an endless one) before storing.
             TransferProgress progress = new TransferProgress("import", "lines", 0, parent.err)) {
            result = new Import(bucketry.ingest(), batchSize).run(ExportFormat.NDJSON, in, report, progress::at);
        } catch (InputStopsException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
        if (result.rejected() > SHOWN_REJECTIONS) {
            parent.err.printf(Locale.ROOT, "bucketry import: %s: %,d more rejected lines not shown%n", file,
                    result.rejected() - SHOWN_REJECTIONS);
        }
        parent.out.printf(Locale.ROOT, "imported %s: %s, %,d stored, %s, %,d rejected%n", file,
                Counted.of(result.lines(), "line"), result.accepted(), Counted.of(result.duplicates(), "duplicate"),
                result.rejected());
        parent.out.flush();
        return result.rejected() == 0 ? 0 : REJECTED_LINES;
    }
}
