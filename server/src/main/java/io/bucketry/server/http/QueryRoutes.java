package io.bucketry.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.influxql.AnswerWriter;
import io.bucketry.server.influxql.CsvAnswerWriter;
import io.bucketry.server.influxql.Epoch;
import io.bucketry.server.influxql.IdSeriesDirectory;
import io.bucketry.server.influxql.InfluxQlExecutor;
import io.bucketry.server.influxql.ParseException;
import io.bucketry.server.influxql.Parser;
import io.bucketry.server.influxql.Statement;
import io.bucketry.server.influxql.StatementResult;
import io.javalin.http.Context;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.util.List;

/**
 * The InfluxDB 1.x read API, {@code GET|POST /query}: parameters {@code q} (statements separated by {@code ;}),
 * {@code db} (any name: Bucketry keeps one store), {@code epoch}, {@code pretty}, {@code chunked} and
 * {@code chunk_size}; JSON answers as InfluxDB words them, CSV on {@code Accept: application/csv}. A request that
 * cannot run at all answers 400 with InfluxDB's {@code {"error": …}}; a statement that fails, its own error.
 */
final class QueryRoutes {

    private static final int DEFAULT_CHUNK_SIZE = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxQlExecutor executor;
    private final Clock clock;

    QueryRoutes(UseCases useCases, BucketryConfig store, Clock clock) {
        this.executor = new InfluxQlExecutor(useCases, new IdSeriesDirectory(useCases.series()), store.maxWindows(),
                store.retention());
        this.clock = clock;
    }

    void register(RouteTable routes) {
        routes.get("/query", this::query);
        routes.post("/query", this::query);
    }

    private void query(Context ctx) throws IOException {
        ctx.header("X-Influxdb-Version", LineProtocolRoutes.INFLUX_VERSION).header("X-Influxdb-Build", "OSS");
        String q = param(ctx, "q");
        if (q == null || q.isBlank()) {
            refuse(ctx, "missing required parameter \"q\"");
            return;
        }
        Epoch epoch = Epoch.of(param(ctx, "epoch"));
        if (epoch == null) {
            refuse(ctx, "epoch '" + param(ctx, "epoch") + "' is not a unit of time: use ns, u, ms, s, m or h,"
                    + " or leave it out for RFC 3339 times");
            return;
        }
        Integer chunkSize = chunkSize(param(ctx, "chunk_size"));
        if (chunkSize == null) {
            refuse(ctx, "chunk_size '" + param(ctx, "chunk_size") + "' is not a positive whole number of rows");
            return;
        }
        List<Statement> statements;
        try {
            statements = Parser.parse(q);
        } catch (ParseException e) {
            refuse(ctx, "error parsing query: " + e.getMessage());
            return;
        }
        List<StatementResult> results = executor.execute(statements, param(ctx, "db"), clock.instant());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String accept = ctx.header("Accept");
        if (accept != null && accept.contains("application/csv")) {
            new CsvAnswerWriter(epoch).write(results, body);
            ctx.contentType("application/csv");
        } else if ("true".equals(param(ctx, "chunked"))) {
            new AnswerWriter(epoch, "true".equals(param(ctx, "pretty"))).writeChunked(results, chunkSize, body);
            ctx.contentType("application/json");
        } else {
            new AnswerWriter(epoch, "true".equals(param(ctx, "pretty"))).write(results, body);
            ctx.contentType("application/json");
        }
        ctx.status(200).result(body.toByteArray());
    }

    /** A parameter from the query string or, on POST, the form body. */
    private static String param(Context ctx, String name) {
        String value = ctx.queryParam(name);
        if (value == null && "POST".equals(ctx.req().getMethod()) && isForm(ctx)) {
            value = ctx.formParam(name);
        }
        return value;
    }

    private static boolean isForm(Context ctx) {
        String type = ctx.header("Content-Type");
        return type != null && (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data"));
    }

    private static Integer chunkSize(String text) {
        if (text == null || text.isEmpty()) {
            return DEFAULT_CHUNK_SIZE;
        }
        try {
            int size = Integer.parseInt(text);
            return size > 0 ? size : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void refuse(Context ctx, String error) {
        ctx.header("X-Influxdb-Error", error).status(400).contentType("application/json")
                .result(JSON.createObjectNode().put("error", error).toString() + "\n");
    }
}
