package io.bucketry.server.http;

import io.bucketry.application.port.in.LastpointPage;

import io.bucketry.domain.TagFilter;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.LastpointQuery;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.server.json.ColumnBlock;
import io.bucketry.server.json.IngestReportView;
import io.bucketry.server.json.LastpointColumns;
import io.bucketry.server.json.ReadingBlocks;
import io.bucketry.server.json.LastpointPageView;
import io.bucketry.server.json.ReadingView;
import io.bucketry.server.json.SeriesPageView;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.javalin.http.Context;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

/** Routes that write, read, page and delete the readings of series, and read the latest of each. */
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
        routes.get("/v1/series/{id}/readings", this::readings);
        routes.get("/v1/series/{id}/latest", this::latest);
        routes.get("/v1/latest", this::lastpoints);
        routes.get("/v1/series/{id}/pages/{n}", this::page);
        routes.delete("/v1/series/{id}", this::delete);
    }

    private void ingest(Context ctx, InputStream sent) {
        IngestReport report = useCases.ingest().ingest(body.readings(ctx, sent));
        ctx.json(IngestReportView.of(report));
    }

    private void listSeries(Context ctx) {
        ctx.json(SeriesPageView.of(useCases.series().list(TagParams.filter(ctx), ctx.queryParam("prefix"),
                ctx.queryParam("after"), pageSize(ctx))));
    }

    private void lastpoints(Context ctx) {
        TagFilter filter = TagParams.filter(ctx);
        if (!filter.isAny()) {
            // the latest of every series of a group (the tag index, one page of at most 1,000 series)
            if (ctx.queryParam("prefix") != null || ctx.queryParam("after") != null) {
                throw ApiException.badRequest("INVALID_TAG_FILTER", "a tag filter on /v1/latest takes no prefix or "
                        + "after: ask with tag and limit (at most 1000 series), or narrow the filter");
            }
            boolean columns = QueryParams.columns(ctx);
            List<Reading> readings = useCases.latestByTags().latest(filter, pageSize(ctx));
            answer(ctx, columns, new LastpointPage(readings, null));
            return;
        }
        boolean columns = QueryParams.columns(ctx);
        LastpointQuery query = new LastpointQuery(ctx.queryParam("prefix"), ctx.queryParam("after"), pageSize(ctx));
        answer(ctx, columns, useCases.lastpoints().lastpoints(query));
    }

    private static void answer(Context ctx, boolean columns, LastpointPage page) {
        if (columns) {
            StreamedArray.generate(ctx, out -> LastpointColumns.write(out, page));
        } else {
            ctx.json(LastpointPageView.of(page));
        }
    }

    /** The {@code limit} of a page through series (null when absent; the use case checks its range). */
    private static Integer pageSize(Context ctx) {
        Long limit = QueryParams.number(ctx, "limit", "INVALID_LIMIT");
        return limit == null ? null : QueryParams.toInt(limit, "limit", "INVALID_LIMIT");
    }

    private void readings(Context ctx) {
        SeriesId series = series(ctx);
        Long limit = QueryParams.number(ctx, "limit", "INVALID_LIMIT");
        if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
            throw ApiException.badRequest("INVALID_LIMIT", "limit " + limit + " must be between 1 and the maximum of "
                    + MAX_LIMIT + "; read a longer range in parts");
        }
        int count = limit == null ? MAX_LIMIT : limit.intValue();
        if (QueryParams.columns(ctx)) {
            // the store hands its rows to the blocks (under its lock), which are written once it is done
            ColumnBlock.Collected blocks = new ColumnBlock.Collected();
            ReadingBlocks sink = new ReadingBlocks(MAX_LIMIT, blocks::add);
            useCases.read().read(series, QueryParams.range(ctx), count, sink);
            sink.finish();
            StreamedArray.generate(ctx, blocks::write);
            return;
        }
        List<Reading> readings = useCases.read().read(series, QueryParams.range(ctx), count);
        StreamedArray.answer(ctx, readings, ReadingView.class, ReadingView::of);
    }

    private void latest(Context ctx) {
        SeriesId series = series(ctx);
        boolean columns = QueryParams.columns(ctx);
        Reading reading = useCases.latest().latest(series)
                .orElseThrow(() -> ApiException.notFound("series '" + series + "' has no readings"));
        if (columns) {
            ColumnBlock.Collected blocks = blocks(List.of(reading));
            StreamedArray.generate(ctx, out -> blocks.writeOne(out));
        } else {
            ctx.json(ReadingView.of(reading));
        }
    }

    /** {@code readings} in blocks of columns. */
    private static ColumnBlock.Collected blocks(List<Reading> readings) {
        ColumnBlock.Collected blocks = new ColumnBlock.Collected();
        ReadingBlocks sink = new ReadingBlocks(MAX_LIMIT, blocks::add);
        ReadingSink.feed(readings, sink);
        sink.finish();
        return blocks;
    }

    private void page(Context ctx) {
        SeriesId series = series(ctx);
        if (QueryParams.overflowsLong(ctx.pathParam("n"))) {
            throw noPage(series, ctx.pathParam("n"));
        }
        long number = QueryParams.pathNumber(ctx, "n", "page number", "INVALID_PAGE");
        Long size = QueryParams.number(ctx, "size", "INVALID_PAGE_SIZE");
        Integer pageSize = size == null ? null : QueryParams.toInt(size, "size", "INVALID_PAGE_SIZE");
        boolean columns = QueryParams.columns(ctx);
        List<Reading> page = useCases.page().page(series, number, pageSize)
                .orElseThrow(() -> noPage(series, Long.toString(number)));
        if (columns) {
            StreamedArray.generate(ctx, blocks(page)::write);
        } else {
            StreamedArray.answer(ctx, page, ReadingView.class, ReadingView::of);
        }
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
