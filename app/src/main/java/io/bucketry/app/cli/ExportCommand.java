package io.bucketry.app.cli;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.TimeBound;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.application.transfer.ReadingStream;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.server.transfer.Export;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.ExportSelection;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.SeriesId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;

/** {@code bucketry export}: writes the readings of the configured store to a file, NDJSON or CSV, streamed. */
@Command(name = "export", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Write the readings of the configured backend to an NDJSON or CSV file.",
                "One series, or every series of a prefix: series in id order and each in time order, as NDJSON (the JSON reading form; 'import' reads it) " +
                "or CSV (RFC 4180). Memory stays bounded whatever the size. Progress on stderr, a summary on stdout. " +
                "An inmemory store starts empty in a new process: export a MongoDB backend, or use the HTTP export."})
public final class ExportCommand implements Callable<Integer> {

    @ParentCommand
    BucketryCommand parent;

    @Mixin
    ConfigOptions options;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The file to write ('-': stdout).")
    Path out;

    @Option(names = "--series", paramLabel = "ID", description = "Only this series.")
    String series;

    @Option(names = "--prefix", paramLabel = "TEXT", description = "Only series whose id starts with this (default: all).")
    String prefix;

    @Option(names = "--from", paramLabel = "TIME", description = {"Start of [from, to): ISO-8601, a day (2026-12-03, UTC), epoch ms, epoch",
            "seconds with their unit (1764720000s) or relative to now (now-1h, -7d) (default: the oldest kept)."})
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "End of [from, to), written as --from (default: no end).")
    String to;

    @Option(names = "--format", paramLabel = "FORMAT", description = "ndjson or csv (default: csv for a FILE "
            + "ending .csv or .csv.gz, else ndjson).")
    String format;

    @Option(names = "--gzip", description = "Compress with gzip (default for a FILE ending .gz).")
    boolean gzip;

    @Override
    public Integer call() throws Exception {
        BucketryConfig config = options.load(parent.environment, Map.of(), SimulateCommand.SERVE_ONLY);
        String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        ExportFormat chosen = format(name);
        boolean compress = gzip || name.endsWith(".gz");
        ExportSelection selection = selection();
        try (Bucketry bucketry = ConfigOptions.start(config)) {
            Export export = new Export(new ReadingStream(bucketry.read(), bucketry.series()));
            try {
                export.check(selection);   // a bad range or prefix is refused before the file is created
            } catch (InvalidRequestException e) {
                throw new ConfigurationException(e.getMessage());
            }
            long expected = selection.series() == null && (prefix == null || prefix.isEmpty()) && selection.from() == null
                    && selection.to() == null ? bucketry.describe().describe().readings() : 0;
            long written;
            boolean stdout = out.toString().equals("-");
            try (OutputStream file = stdout ? new FilterOutputStream(parent.out) {
                    @Override
                    public void close() throws java.io.IOException {
                        flush();   // stdout stays open
                    }
                } : new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
                 TransferProgress progress = new TransferProgress("export", "readings", expected, parent.err)) {
                OutputStream target = compress ? new GZIPOutputStream(file, 1 << 16) : file;
                written = export.write(selection, chosen, target, progress::at);
                if (target instanceof GZIPOutputStream compressed) {
                    compressed.finish();
                }
            }
            if (!stdout) {
                parent.out.printf(Locale.ROOT, "exported %s from %s to %s (%s%s)%n", Counted.of(written, "reading"), bucketry.backend(),
                        out, chosen.name().toLowerCase(Locale.ROOT), compress ? ", gzip" : "");
            }
        }
        parent.out.flush();
        return 0;
    }

    private ExportFormat format(String name) {
        try {
            return format != null ? ExportFormat.parse(format)
                    : name.endsWith(".csv") || name.endsWith(".csv.gz") ? ExportFormat.CSV : ExportFormat.NDJSON;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--format: " + e.getMessage());
        }
    }

    private ExportSelection selection() {
        if (series != null && prefix != null) {
            throw new ConfigurationException("--series and --prefix exclude each other");
        }
        TimeBound start = time("--from", from);
        TimeBound end = time("--to", to);
        if (series == null) {
            return ExportSelection.all(prefix, start, end);
        }
        try {
            return ExportSelection.of(SeriesId.of(series), start, end);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--series: " + e.getMessage());
        }
    }

    static TimeBound time(String flag, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return TimeInput.bound(text.strip());
        } catch (InvalidReadingException e) {
            throw new ConfigurationException(flag + ": " + e.getMessage());
        }
    }
}
