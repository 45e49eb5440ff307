package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.server.json.IngestReportView;
import io.bucketry.server.json.ReadingView;
import io.bucketry.server.json.SeriesPageView;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.javalin.http.Context;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

/** Routes that write, read, page and delete the readings of series. */
final class ReadingRoutes {

    /** The most readings one {@code GET …/readings} returns: its default {@code limit} and the largest allowed. */
    static final int MAX_LIMIT = 100_000;

    private final UseCases useCases;
    private final RequestBody body;

    ReadingRoutes(UseCases useCases, RequestBody body) {
        this.useCases = useCases;
        this.body = body;
    }

    void register(RouteTable routes, IngestGate gate) {
        routes.post("/v1/readings", gate.guard(this::ingest, body::tooLarge, "MALFORMED_JSON"));
        routes.get("/v1/series", this::listSeries);
        routes.get("/v1/latest", this::latestByTags);
        routes.get("/v1/series/{id}/readings", this::readings);
        routes.get("/v1/series/{id}/latest", this::latest);
        routes.get("/v1/series/{id}/pages/{n}", this::page);
        routes.delete("/v1/series/{id}", this::delete);
    }

    private void ingest(Context ctx, InputStream sent) {
        IngestReport report = useCases.ingest().ingest(body.readings(ctx, sent));
        ctx.json(IngestReportView.of(report));
    }

    private void listSeries(Context ctx) {
        Long limit = QueryParams.number(ctx, "limit", "INVALID_LIMIT");
        Integer size = limit == null ? null : QueryParams.toInt(limit, "limit", "INVALID_LIMIT");
        ctx.json(SeriesPageView.of(useCases.series().list(TagParams.filter(ctx), ctx.queryParam("prefix"),
                ctx.queryParam("after"), size)));
    }

    private void latestByTags(Context ctx) {
        Long limit = QueryParams.number(ctx, "limit", "INVALID_LIMIT");
        Integer size = limit == null ? null : QueryParams.toInt(limit, "limit", "INVALID_LIMIT");
        ctx.json(useCases.latestByTags().latest(TagParams.filter(ctx), size).stream().map(ReadingView::of).toList());
    }

    private void readings(Context ctx) {
        SeriesId series = series(ctx);
        Long limit = QueryParams.number(ctx, "limit", "INVALID_LIMIT");
        if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
            throw ApiException.badRequest("INVALID_LIMIT", "limit " + limit + " must be between 1 and the maximum of "
                    + MAX_LIMIT + "; read a longer range in parts");
        }
        List<Reading> readings = useCases.read().read(series, QueryParams.time(ctx, "from"),
                QueryParams.time(ctx, "to"), limit == null ? MAX_LIMIT : limit.intValue());
        ctx.json(readings.stream().map(ReadingView::of).toList());
    }

    private void latest(Context ctx) {
        SeriesId series = series(ctx);
        Reading reading = useCases.latest().latest(series)
                .orElseThrow(() -> ApiException.notFound("series '" + series + "' has no readings"));
        ctx.json(ReadingView.of(reading));
    }

    private void page(Context ctx) {
        SeriesId series = series(ctx);
        if (QueryParams.overflowsLong(ctx.pathParam("n"))) {
            throw noPage(series, ctx.pathParam("n"));
        }
        long number = QueryParams.pathNumber(ctx, "n", "page number", "INVALID_PAGE");
        Long size = QueryParams.number(ctx, "size", "INVALID_PAGE_SIZE");
        Integer pageSize = size == null ? null : QueryParams.toInt(size, "size", "INVALID_PAGE_SIZE");
        List<Reading> page = useCases.page().page(series, number, pageSize)
                .orElseThrow(() -> noPage(series, Long.toString(number)));
        ctx.json(page.stream().map(ReadingView::of).toList());
    }

    private static ApiException noPage(SeriesId series, String number) {
        return ApiException.notFound("series '" + series + "' has no page " + number);
    }

    private void delete(Context ctx) {
        ctx.json(Map.of("deleted", useCases.delete().delete(series(ctx))));
    }

    static SeriesId series(Context ctx) {
        return new SeriesId(ctx.pathParam("id"));
    }
}
