package io.bucketry.app.cli;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.Import;
import io.bucketry.server.transfer.ImportResult;
import io.bucketry.server.transfer.InputStopsException;
import io.bucketry.server.transfer.LineRejection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code bucketry import}: ingests a file of readings (an export: NDJSON or CSV) into the configured store, or
 * into a running server with {@code --url}.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Ingest an NDJSON or CSV file of readings into a backend or a running server.",
                "Into the configured backend, or with --url into a running 'bucketry serve'. NDJSON is one JSON reading per line; CSV has a header series,time,<field names…> and one record per "
                + "reading, as 'export' writes them. CSV is read for --format csv, a FILE ending .csv or .csv.gz, or a "
                + "first line that is not JSON but has commas. Gzip is detected by its first bytes. Readings are stored "
                + "in batches as they are read (with --url, each batch is one POST /v1/readings). Replayable: readings "
                + "already stored are counted as duplicates, never stored twice. A bad line or record is reported on "
                + "stderr with its line number and reason; the good ones are stored all the same. Input that cannot be "
                + "read on (no line end within 1 MiB, such as /dev/zero; a CSV quote left open) stops it there. Exit "
                + "code 0 when every reading was stored or a duplicate, 3 when some were rejected, 1 on failure (such "
                + "input included), 2 for bad usage."})
public final class ImportCommand implements Callable<Integer> {

    /** The exit code of an import that finished but rejected some line. */
    static final int REJECTED_LINES = 3;
    /** Rejected lines shown one by one; the rest are counted. */
    static final int SHOWN_REJECTIONS = 100;
    /** The options of this command itself, as opposed to those of a local store. */
    private static final Set<String> OWN_OPTIONS = Set.of("--url", "--token", "--format", "--batch-size");
    /** The bytes of the input's start looked at to tell CSV from NDJSON. */
    private static final int SNIFFED = 4096;

    @ParentCommand
    BucketryCommand parent;

    @Mixin
    ConfigOptions options;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The NDJSON or CSV file (plain or gzip).")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", description = "ndjson or csv (default: csv for a FILE ending "
            + ".csv or .csv.gz or whose first line is CSV, else ndjson).")
    String format;

    @Option(names = "--url", paramLabel = "URL", description = "Send the readings to the server running at this URL "
            + "(http://host:port or https://…) instead of the configured backend; https trusts what the JVM trusts.")
    URI url;

    @Option(names = "--token", paramLabel = "TOKEN", description = "With --url: the token with the write scope, "
            + "sent as Authorization: Bearer (default: the environment variable BUCKETRY_TOKEN).")
    String token;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "10000",
            description = "Readings per ingest call, at most --max-batch-size (with --url, the server's maxBatchSize) "
                    + "(default ${DEFAULT-VALUE}).")
    int batchSize;

    @Override
    public Integer call() throws IOException {
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            throw new ConfigurationException("cannot read the file " + file);
        }
        return url == null ? intoStore() : intoServer();
    }

    private int intoStore() throws IOException {
        BucketryConfig config = options.load(parent.environment, Map.of(), SimulateCommand.SERVE_ONLY);
        ConfigOptions.requireLasting(config, "readings imported into", "import into a running 'bucketry serve' with "
                + "--url http://host:port, or into a MongoDB server (--backend mongo-bucket or mongo-timeseries, with "
                + "--mongo-uri)");
        if (batchSize < 1 || batchSize > config.maxBatchSize()) {
            throw new ConfigurationException("--batch-size " + batchSize + " must be from 1 to maxBatchSize "
                    + config.maxBatchSize());
        }
        try (Bucketry bucketry = ConfigOptions.start(config)) {
            return run(bucketry.ingest(), bucketry.backend());
        }
    }

    private int intoServer() throws IOException {
        List<String> local = spec.commandLine().getParseResult().matchedOptions().stream()
                .map(OptionSpec::longestName).filter(name -> !OWN_OPTIONS.contains(name)).toList();
        if (!local.isEmpty()) {
            throw new ConfigurationException("--url sends the readings to a running server, whose own configuration "
                    + "stores them; " + String.join(", ", local) + " would be ignored: leave out one or the other");
        }
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null) {
            throw new ConfigurationException("--url " + url + " must be http://host:port or https://host:port");
        }
        if (batchSize < 1) {
            throw new ConfigurationException("--batch-size " + batchSize + " must be at least 1");
        }
        String bearer = token != null ? token : parent.environment.get("BUCKETRY_TOKEN");
        return run(new HttpIngestReadings(HttpIngestReadings.defaultClient(), url, bearer == null || bearer.isBlank()
                ? null : bearer.strip()), url.toString());
    }

    private int run(IngestReadingsUseCase ingest, String into) throws IOException {
        ImportResult result;
        long[] shown = {0};
        Consumer<LineRejection> report = rejection -> {
            if (++shown[0] <= SHOWN_REJECTIONS) {
                parent.err.println("bucketry import: " + file + ": " + rejection);
            }
        };
        ExportFormat chosen;
        try (InputStream in = Import.open(file)) {
            chosen = format(in);
            // No total: counting the lines first would read the whole input (forever, from an endless one) before storing.
            try (TransferProgress progress = new TransferProgress("import", chosen.entry() + "s", 0, parent.err)) {
                result = new Import(ingest, batchSize).run(chosen, in, report, progress::at);
            }
        } catch (InputStopsException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
        if (result.rejected() > SHOWN_REJECTIONS) {
            parent.err.printf(Locale.ROOT, "bucketry import: %s: %,d more rejected %ss not shown%n", file,
                    result.rejected() - SHOWN_REJECTIONS, chosen.entry());
        }
        parent.out.printf(Locale.ROOT, "imported %s (%s) into %s: %s, %,d stored, %s, %,d rejected%n", file,
                chosen.name().toLowerCase(Locale.ROOT), into, Counted.of(result.lines(), chosen.entry()),
                result.accepted(), Counted.of(result.duplicates(), "duplicate"), result.rejected());
        parent.out.flush();
        return result.rejected() == 0 ? 0 : REJECTED_LINES;
    }

    /** The format asked for, else CSV by the file's name or by a first line that is no JSON object but has commas. */
    private ExportFormat format(InputStream in) throws IOException {
        if (format != null) {
            try {
                return ExportFormat.parse(format);
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException("--format: " + e.getMessage());
            }
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv") || name.endsWith(".csv.gz")) {
            return ExportFormat.CSV;
        }
        in.mark(SNIFFED);
        byte[] start = in.readNBytes(SNIFFED);
        in.reset();
        String first = new String(start, StandardCharsets.UTF_8).replace("\uFEFF", "").stripLeading();
        int end = first.indexOf('\n');
        String line = end < 0 ? first : first.substring(0, end);
        return !line.startsWith("{") && line.contains(",") ? ExportFormat.CSV : ExportFormat.NDJSON;
    }
}
