package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.server.json.GroupView;
import io.bucketry.server.json.Statistic;
import io.bucketry.server.json.WindowColumns;
import io.bucketry.server.json.WindowView;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Routes of window aggregates: of one series and of every series (the alerting query), gaps filled on request,
 * the statistics chosen by {@code stats}; in columns one series' windows are a block, every series' one table.
 */
final class AggregateRoutes {

    /** Window size when a request names none. */
    static final Duration DEFAULT_WINDOW = Duration.ofMinutes(5);

    private final UseCases useCases;

    AggregateRoutes(UseCases useCases) {
        this.useCases = useCases;
    }

    void register(RouteTable routes) {
        routes.get("/v1/series/{id}/aggregates", this::ofSeries);
        routes.get("/v1/aggregates", this::ofAll);
    }

    private void ofSeries(Context ctx) {
        boolean columns = QueryParams.columns(ctx);
        Set<Statistic> stats = QueryParams.stats(ctx);
        List<WindowAggregate> windows = useCases.aggregate().aggregate(ReadingRoutes.series(ctx), TagParams.filter(ctx),
                QueryParams.range(ctx), QueryParams.window(ctx, DEFAULT_WINDOW), QueryParams.fill(ctx));
        if (columns) {
            StreamedArray.generate(ctx, out -> WindowColumns.write(out, windows, stats));
        } else {
            rows(ctx, windows, stats);
        }
    }

    private static void rows(Context ctx, List<WindowAggregate> windows, Set<Statistic> stats) {
        StreamedArray.answer(ctx, windows, WindowView.class, window -> WindowView.of(window, stats));
    }

    /** Every series' windows, or with {@code groupBy} each group's. */
    private void ofAll(Context ctx) {
        boolean columns = QueryParams.columns(ctx);
        Set<Statistic> stats = QueryParams.stats(ctx);
        TagFilter filter = TagParams.filter(ctx);
        GroupBy groupBy = TagParams.groupBy(ctx);
        if (groupBy != null) {
            List<GroupWindows> groups = useCases.groups().aggregateGroups(filter, groupBy, QueryParams.range(ctx),
                    QueryParams.window(ctx, DEFAULT_WINDOW), QueryParams.fill(ctx));
            if (columns) {
                StreamedArray.generate(ctx, out -> WindowColumns.writeGroups(out, groups, stats));
            } else {
                StreamedArray.answer(ctx, groups, GroupView.class, group -> GroupView.of(group, stats));
            }
            return;
        }
        List<WindowAggregate> windows = useCases.aggregateAll().aggregateAll(filter, QueryParams.range(ctx),
                QueryParams.window(ctx, DEFAULT_WINDOW), QueryParams.fill(ctx));
        if (columns) {
            StreamedArray.generate(ctx, out -> WindowColumns.writeTable(out, windows, stats));
        } else {
            rows(ctx, windows, stats);
        }
    }
}
