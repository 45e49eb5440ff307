package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.lineprotocol.LineBatch;
import io.bucketry.server.lineprotocol.LineParser;
import io.bucketry.server.lineprotocol.Precision;
import io.bucketry.server.lineprotocol.SeriesIdRule;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Function;
import java.util.zip.ZipException;

/**
 * The InfluxDB write APIs over the ingest use case: {@code POST /api/v2/write} (org, bucket ignored),
 * the v1 {@code POST /write} (db, rp, u, p ignored) and {@code GET|HEAD /ping}. 204 when every line
 * is stored or a duplicate; 400 naming each refused line while the others are stored.
 */
final class LineProtocolRoutes {

    /** The InfluxDB version announced by {@code /ping}: v1 clients read it to know they talk to a 1.x API. */
    static final String INFLUX_VERSION = "1.8.10";

    private final UseCases useCases;
    private final SeriesIdRule rule;
    private final int maxBatchSize;
    private final long maxBodySize;

    LineProtocolRoutes(UseCases useCases, BucketryConfig store, ServerConfig server) {
        this.useCases = useCases;
        this.rule = server.lineProtocolSeriesId();
        this.maxBatchSize = store.maxBatchSize();
        this.maxBodySize = server.maxBodySize();
    }

    /** The writes share the JSON ingest's gate ({@code maxConcurrentIngests}); HEAD /ping comes with its GET. */
    void register(RouteTable routes, IngestGate ingests) {
        routes.post("/api/v2/write", ingests.guard((ctx, body) -> write(ctx, body, Precision::ofV2, "ns, us, ms or s"),
                () -> BodyDecoding.tooLarge(maxBodySize), "BAD_REQUEST"));
        routes.post("/write", ingests.guard((ctx, body) -> write(ctx, body, Precision::ofV1, "n, u, ms, s, m or h"),
                () -> BodyDecoding.tooLarge(maxBodySize), "BAD_REQUEST"));
        routes.get("/ping", this::ping);
    }

    private void ping(Context ctx) {
        ctx.header("X-Influxdb-Version", INFLUX_VERSION).header("X-Influxdb-Build", "OSS").status(204);
    }

    private void write(Context ctx, InputStream body, Function<String, Precision> precisions, String allowed)
            throws IOException {
        String given = ctx.queryParam("precision");
        Precision precision = precisions.apply(given);
        if (precision == null) {
            throw ApiException.badRequest("INVALID_PRECISION", "precision '" + given + "' is not one of " + allowed);
        }
        LineBatch batch = new LineBatch(maxBatchSize);
        try (InputStream in = BodyDecoding.open(body, ctx.header("Content-Encoding"), maxBodySize,
                () -> BodyDecoding.tooLarge(maxBodySize))) {
            // no "now" here: a line without a timestamp takes the ingest use case's one instant of the request
            new LineParser(rule, precision, null, batch).parse(in);
        } catch (ZipException e) {
            throw BodyDecoding.malformed(e);
        }
        LineBatch.LineReport report = batch.report(useCases.ingest().ingest(batch.inputs()));
        ctx.header("X-Bucketry-Accepted", Integer.toString(report.accepted()))
                .header("X-Bucketry-Duplicates", Integer.toString(report.duplicates()));
        if (report.rejected().isEmpty()) {
            ctx.status(204);
        } else {
            ctx.status(400).json(LineWriteError.of(report));
        }
    }
}
