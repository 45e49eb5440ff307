package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.WindowAggregate;
import io.javalin.http.Context;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON-datasource contract of Grafana's community datasources (simpod-json-datasource, the
 * older SimpleJson) under {@code /grafana}: a connection test, the pickable targets
 * ({@code /search}, {@code /metrics}), window data points at most {@code maxDataPoints} per
 * target ({@code /query}) and the changes of a field as annotations ({@code /annotations}). The
 * targets of one query share the {@code maxWindows} bound: each gets at most its share of it, so that
 * one query never builds more than {@code maxWindows} points in all (its windows are widened instead).
 */
final class GrafanaRoutes {

    /** Targets one query may carry. */
    static final int MAX_TARGETS = 100;
    /** Data points per target when a query names no {@code maxDataPoints}. */
    static final int DEFAULT_POINTS = 1000;

    private final UseCases useCases;
    private final GrafanaBody body;
    private final int maxWindows;
    private final GrafanaCatalog catalog;

    /** Over {@code useCases}, bodies up to {@code maxBodyBytes}, at most {@code maxWindows} points per query. */
    GrafanaRoutes(UseCases useCases, long maxBodyBytes, int maxWindows) {
        this.useCases = useCases;
        this.body = new GrafanaBody(maxBodyBytes);
        this.maxWindows = maxWindows;
        this.catalog = new GrafanaCatalog(useCases);
    }

    void register(RouteTable routes) {
        routes.get("/grafana", this::test);
        routes.post("/grafana/search", ctx -> ctx.json(search(ctx).stream().map(GrafanaCatalog.Entry::target).toList()));
        routes.post("/grafana/metrics", ctx -> ctx.json(search(ctx).stream().map(GrafanaRoutes::metric).toList()));
        routes.post("/grafana/query", this::query);
        routes.post("/grafana/annotations", ctx -> ctx.json(new GrafanaAnnotations(useCases).of(body.read(ctx, true))));
    }

    private void test(Context ctx) {
        StoreHealth health = useCases.health().check();
        if (!health.up()) {
            throw new ApiException(503, "STORE_UNAVAILABLE", health.reason());
        }
        ctx.json(Map.of("status", "UP"));
    }

    private List<GrafanaCatalog.Entry> search(Context ctx) {
        JsonNode typed = body.read(ctx, false).path("target");
        if (!typed.isMissingNode() && !typed.isNull() && !typed.isTextual()) {
            throw ApiException.badRequest("INVALID_TARGET", "target must be the text typed so far, got " + typed);
        }
        return catalog.search(typed.isTextual() ? typed.asText() : null);
    }

    /**
     * The data points one target may get: what the query asks, within the target's share of
     * {@code maxWindows} (every visible target gets the same share, at least one point).
     */
    static long pointsPerTarget(long asked, int targets, int maxWindows) {
        return Math.min(asked, Math.max(1, maxWindows / Math.max(1, targets)));
    }

    /** One entry of {@code /metrics}: the target and, for a numeric field, the statistic to pick. */
    private static Map<String, Object> metric(GrafanaCatalog.Entry entry) {
        Map<String, Object> metric = new LinkedHashMap<>();
        metric.put("label", entry.numeric() ? entry.target() : entry.target() + " (text: use it in annotations)");
        metric.put("value", entry.target());
        List<Map<String, Object>> payloads = new ArrayList<>();
        if (entry.numeric()) {
            payloads.add(Map.of("label", "Statistic", "name", "stat", "type", "select", "placeholder", "avg",
                    "options", Arrays.stream(GrafanaTarget.Stat.values())
                            .map(s -> Map.of("label", s.word(), "value", s.word())).toList()));
        }
        metric.put("payloads", payloads);
        return metric;
    }

    private void query(Context ctx) {
        JsonNode request = body.read(ctx, true);
        Instant[] range = GrafanaBody.range(request);
        Long maxPoints = GrafanaBody.positive(request, "maxDataPoints", "INVALID_MAX_DATA_POINTS");
        Long interval = GrafanaBody.positive(request, "intervalMs", "INVALID_INTERVAL");
        JsonNode targets = request.path("targets");
        if (!targets.isArray()) {
            throw ApiException.badRequest("INVALID_TARGET", "the body needs \"targets\": [{\"target\": \"series:field\"}, …]");
        }
        if (targets.size() > MAX_TARGETS) {
            throw ApiException.badRequest("TOO_MANY_TARGETS", "the query has " + targets.size()
                    + " targets; at most " + MAX_TARGETS + " are allowed");
        }
        List<GrafanaTarget> parsed = new ArrayList<>();
        for (JsonNode entry : targets) {
            if (!entry.path("hide").asBoolean(false)) {
                parsed.add(GrafanaTarget.of(entry));
            }
        }
        long points = pointsPerTarget(maxPoints == null ? DEFAULT_POINTS : maxPoints, parsed.size(), maxWindows);
        Duration window = GrafanaWindow.choose(range[0], range[1], points, interval == null ? 0 : interval);
        List<Map<String, Object>> answer = new ArrayList<>();
        for (GrafanaTarget target : parsed) {
            List<WindowAggregate> windows = useCases.aggregate().aggregate(target.series(), range[0], range[1], window);
            List<List<Object>> datapoints = new ArrayList<>();
            for (WindowAggregate w : windows) {
                FieldAggregate field = w.fields().get(target.field());
                if (field != null) {
                    datapoints.add(List.of(target.stat().of(field), w.start().toEpochMilli()));
                }
            }
            Map<String, Object> series = new LinkedHashMap<>();
            series.put("target", target.name());
            series.put("datapoints", datapoints);
            answer.add(series);
        }
        ctx.json(answer);
    }
}
