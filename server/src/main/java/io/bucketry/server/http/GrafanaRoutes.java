package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.domain.TagFilter;
import io.javalin.http.Context;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON-datasource contract of Grafana's community datasources (simpod-json-datasource, the
 * older SimpleJson) under {@code /grafana}: a connection test, the pickable targets
 * ({@code /search}, {@code /metrics}, {@code /metric-payload-options}), the tags of ad-hoc filters
 * ({@code /tag-keys}, {@code /tag-values}), window data points at most {@code maxDataPoints} per
 * series answered ({@code /query}, {@link GrafanaPoints}) and the changes of a field as annotations
 * ({@code /annotations}). The targets of one query share the {@code maxWindows} bound: each gets at most
 * its share of it, so that one query never answers more than {@code maxWindows} points in all (its windows
 * are widened instead).
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
    private final GrafanaTagCatalog tags;
    private final GrafanaPoints answers;

    /** Over {@code useCases}, bodies up to {@code maxBodyBytes}, at most {@code maxWindows} points per query. */
    GrafanaRoutes(UseCases useCases, long maxBodyBytes, int maxWindows) {
        this.useCases = useCases;
        this.body = new GrafanaBody(maxBodyBytes);
        this.maxWindows = maxWindows;
        this.catalog = new GrafanaCatalog(useCases);
        this.tags = new GrafanaTagCatalog(useCases);
        this.answers = new GrafanaPoints(useCases);
    }

    void register(RouteTable routes) {
        routes.get("/grafana", this::test);
        routes.post("/grafana/search", this::search);
        routes.post("/grafana/metrics", ctx -> ctx.json(catalog.search(typed(ctx)).stream().map(GrafanaRoutes::metric).toList()));
        routes.post("/grafana/metric-payload-options", this::payloadOptions);
        routes.post("/grafana/tag-keys", ctx -> {
            body.read(ctx, false);
            ctx.json(tags.keys().stream().map(key -> Map.of("type", "string", "text", key)).toList());
        });
        routes.post("/grafana/tag-values", this::tagValues);
        routes.post("/grafana/variable", this::variable);
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

    /** SimpleJson's search: the targets starting with the typed text, or the tags a {@code tag-…()} text asks for. */
    private void search(Context ctx) {
        ctx.json(found(typed(body.read(ctx, false), "target")));
    }

    /** simpod's query variable: as {@code /search} of its {@code payload.target}, each as {@code __text} and {@code __value}. */
    private void variable(Context ctx) {
        JsonNode payload = body.read(ctx, false).path("payload");
        List<String> found = found(payload.isTextual() ? payload.asText() : typed(payload, "payload.target"));
        ctx.json(found.stream().map(text -> Map.of("__text", text, "__value", text)).toList());
    }

    private List<String> found(String typed) {
        List<String> tagged = tags.search(typed);
        return tagged != null ? tagged : catalog.search(typed).stream().map(GrafanaCatalog.Entry::target).toList();
    }

    /** The body's {@code target}, the text typed so far (null when absent). */
    private String typed(Context ctx) {
        return typed(body.read(ctx, false), "target");
    }

    private static String typed(JsonNode node, String name) {
        JsonNode typed = node.path("target");
        if (!typed.isMissingNode() && !typed.isNull() && !typed.isTextual()) {
            throw ApiException.badRequest("INVALID_TARGET", name + " must be the text typed so far, got " + typed);
        }
        return typed.isTextual() ? typed.asText() : null;
    }

    /** simpod's options of a payload drop-down: the statistics, or the tag keys to group by. */
    private void payloadOptions(Context ctx) {
        JsonNode name = body.read(ctx, true).path("name");
        List<String> options;
        if (name.isTextual() && name.asText().equals("stat")) {
            options = Arrays.stream(GrafanaTarget.Stat.values()).map(GrafanaTarget.Stat::word).toList();
        } else if (name.isTextual() && name.asText().equals("groupBy")) {
            options = tags.keys();
        } else {
            throw ApiException.badRequest("INVALID_TARGET", "name must be the payload whose options to list, stat or"
                    + " groupBy, got " + (name.isMissingNode() ? "none" : name.toString()));
        }
        ctx.json(options.stream().map(option -> Map.of("label", option, "value", option)).toList());
    }

    private void tagValues(Context ctx) {
        JsonNode key = body.read(ctx, true).path("key");
        if (!key.isTextual()) {
            throw ApiException.badRequest("INVALID_TAG_FILTER", "the body needs \"key\": the tag key whose values to list,"
                    + " got " + (key.isMissingNode() ? "none" : key.toString()));
        }
        ctx.json(tags.values(key.asText()).stream().map(value -> Map.of("text", value)).toList());
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
        if (entry.numeric() && entry.target().startsWith(GrafanaTarget.EVERY + ":")) {
            payloads.add(Map.of("label", "Tag filter", "name", "tag", "type", "input", "placeholder", "building:7"));
            // no options: the plugin asks /metric-payload-options for them when the drop-down opens
            payloads.add(Map.of("label", "Group by", "name", "groupBy", "type", "multi-select", "placeholder", "tag keys"));
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
        List<TagFilter.Condition> adhoc = GrafanaTags.adhoc(request);
        List<GrafanaTarget> parsed = new ArrayList<>();
        for (JsonNode entry : targets) {
            if (!entry.path("hide").asBoolean(false)) {
                parsed.add(GrafanaTarget.of(entry, adhoc));
            }
        }
        long points = pointsPerTarget(maxPoints == null ? DEFAULT_POINTS : maxPoints, parsed.size(), maxWindows);
        long share = Math.max(1, maxWindows / Math.max(1, parsed.size()));
        List<Map<String, Object>> answer = new ArrayList<>();
        for (GrafanaTarget target : parsed) {
            answer.addAll(answers.of(target, range[0], range[1], points, interval == null ? 0 : interval, share));
        }
        ctx.json(answer);
    }
}
