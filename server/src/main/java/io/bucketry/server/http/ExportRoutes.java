package io.bucketry.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.application.transfer.ReadingStream;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.server.json.ColumnBlock;
import io.bucketry.server.json.Json;
import io.bucketry.server.json.ReadingBlocks;
import io.bucketry.server.transfer.Export;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.ExportSelection;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/**
 * Streams exports: {@code GET /v1/series/{id}/export} (one series; an unknown one is an empty
 * export, as its readings are {@code []}) and {@code GET /v1/export?prefix=} (every series), in
 * {@code format=ndjson|csv}, gzip-compressed when the client accepts gzip. Parameters, and the
 * store's first answer, are checked before the first byte, so that those errors are JSON; a store
 * that fails once streaming has begun cuts the connection, so the client sees a broken transfer
 * rather than a short file that looks whole.
 */
final class ExportRoutes {


    /** The most rows of one block of a columnar export: a series longer than that takes several blocks in a row. */
    static final int BLOCK_ROWS = ReadingStream.DEFAULT_CHUNK;

    private final ReadingStream readings;
    private final Export export;

    ExportRoutes(UseCases useCases) {
        this.readings = new ReadingStream(useCases.read(), useCases.series());
        this.export = new Export(readings);
    }

    void register(RouteTable routes) {
        routes.get("/v1/series/{id}/export", this::seriesExport);
        routes.get("/v1/export", this::allExport);
    }

    private void seriesExport(Context ctx) {
        ExportSelection selection = ExportSelection.of(ReadingRoutes.series(ctx), QueryParams.time(ctx, "from"),
                QueryParams.time(ctx, "to"));
        if (columns(ctx)) {
            export.check(selection);
            streamColumns(ctx, selection, selection.series().value());
            return;
        }
        ExportFormat format = format(ctx);
        export.check(selection);   // a bad range or store: JSON
        stream(ctx, selection, format, selection.series().value());
    }

    private void allExport(Context ctx) {
        ExportSelection selection = ExportSelection.all(ctx.queryParam("prefix"), QueryParams.time(ctx, "from"),
                QueryParams.time(ctx, "to"));
        if (columns(ctx)) {
            export.check(selection);
            streamColumns(ctx, selection, "export");
            return;
        }
        ExportFormat format = format(ctx);
        export.check(selection);   // a bad range, prefix or store: JSON
        stream(ctx, selection, format, "export");
    }

    private static boolean columns(Context ctx) {
        String format = ctx.queryParam("format");
        return format != null && format.strip().equalsIgnoreCase("columns");
    }

    /**
     * The selection as NDJSON of blocks of columns ({@link ColumnBlock}), one per line: a series' readings of one
     * meta in blocks of at most {@link #BLOCK_ROWS} rows, series in id order, each block written once complete.
     */
    private void streamColumns(Context ctx, ExportSelection selection, String name) {
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + ".columns.ndjson\"");
        StreamedArray.write(ctx, "application/x-ndjson", "export", out -> {
            try (JsonGenerator generator = Json.mapper().getFactory().createGenerator(out)) {
                generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                generator.setRootValueSeparator(null);
                ReadingBlocks blocks = new ReadingBlocks(BLOCK_ROWS, block -> writeLine(generator, block));
                Iterable<SeriesId> series = selection.series() != null ? List.of(selection.series())
                        : readings.series(selection.prefix());
                for (SeriesId id : series) {
                    for (List<Reading> chunk : readings.chunks(id, selection.from(), selection.to())) {
                        ReadingSink.feed(chunk, blocks);
                    }
                }
                blocks.finish();
            }
        });
    }

    private static void writeLine(JsonGenerator generator, ColumnBlock block) {
        try {
            block.write(generator);
            generator.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ExportFormat format(Context ctx) {
        try {
            return ExportFormat.parse(ctx.queryParam("format"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_FORMAT", e.getMessage() + " or columns");
        }
    }

    private void stream(Context ctx, ExportSelection selection, ExportFormat format, String name) {
        ctx.header("Content-Disposition", "attachment; filename=\"" + name + format.extension() + "\"");
        StreamedArray.write(ctx, format.contentType(), "export", out -> export.write(selection, format, out, written -> { }));
    }

    /** True when {@code header} lists gzip (or {@code *}) without {@code q=0}. */
    static boolean acceptsGzip(String header) {
        if (header == null) {
            return false;
        }
        for (String part : header.split(",")) {
            String[] pieces = part.split(";");
            String coding = pieces[0].strip().toLowerCase(Locale.ROOT);
            if (!coding.equals("gzip") && !coding.equals("x-gzip") && !coding.equals("*")) {
                continue;
            }
            boolean refused = false;
            for (int i = 1; i < pieces.length; i++) {
                String parameter = pieces[i].strip().toLowerCase(Locale.ROOT).replace(" ", "");
                refused |= parameter.matches("q=0(\\.0*)?");
            }
            if (!refused) {
                return true;
            }
        }
        return false;
    }
}
