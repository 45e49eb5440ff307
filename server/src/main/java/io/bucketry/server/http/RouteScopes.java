package io.bucketry.server.http;

import io.bucketry.server.security.Scope;
import io.javalin.http.HandlerType;

import java.util.Map;
import java.util.Optional;

/**
 * The scope each route needs when tokens are configured (see docs/reference/security.md): ingest needs
 * write, deleting needs admin, every other read needs read; {@code /health}, {@code /ping} and
 * {@code /openapi.json} are open, {@code /metrics} is open when so configured. A route missing here
 * cannot be registered: every new route must say who may call it.
 */
final class RouteScopes {

    /** The routes whose answers need no token. */
    static final String OPEN = "open";

    private static final Map<String, String> SCOPES = Map.ofEntries(
            Map.entry("POST /v1/readings", "write"),
            Map.entry("POST /write", "write"),
            Map.entry("POST /api/v2/write", "write"),
            Map.entry("DELETE /v1/series/{id}", "admin"),
            Map.entry("GET /v1/series", "read"),
            Map.entry("GET /v1/latest", "read"),
            Map.entry("GET /v1/series/{id}/readings", "read"),
            Map.entry("GET /v1/series/{id}/latest", "read"),
            Map.entry("GET /v1/series/{id}/pages/{n}", "read"),
            Map.entry("GET /v1/series/{id}/aggregates", "read"),
            Map.entry("GET /v1/aggregates", "read"),
            Map.entry("GET /v1/series/{id}/export", "read"),
            Map.entry("GET /v1/export", "read"),
            Map.entry("GET /v1/stats", "read"),
            Map.entry("GET /grafana", "read"),
            Map.entry("POST /grafana/search", "read"),
            Map.entry("POST /grafana/metrics", "read"),
            Map.entry("POST /grafana/metric-payload-options", "read"),
            Map.entry("POST /grafana/tag-keys", "read"),
            Map.entry("POST /grafana/tag-values", "read"),
            Map.entry("POST /grafana/variable", "read"),
            Map.entry("POST /grafana/query", "read"),
            Map.entry("POST /grafana/annotations", "read"),
            Map.entry("GET /query", "read"),
            Map.entry("POST /query", "read"),
            Map.entry("GET /metrics", "read"),
            Map.entry("GET /health", OPEN),
            Map.entry("GET /ping", OPEN),
            Map.entry("GET " + OpenApiRoute.PATH, OPEN));

    private final boolean metricsOpen;

    RouteScopes(boolean metricsOpen) {
        this.metricsOpen = metricsOpen;
    }

    /**
     * The scope {@code method path} needs, or empty when it is open (HEAD as GET); IllegalStateException when the
     * route is in no table, so that a route added without a scope fails every test that starts a server.
     */
    Optional<Scope> of(HandlerType method, String path) {
        String route = (method == HandlerType.HEAD ? HandlerType.GET : method).name() + " " + path;
        String scope = SCOPES.get(route);
        if (scope == null) {
            throw new IllegalStateException("route " + route + " has no scope in RouteScopes: say who may call it");
        }
        if (scope.equals(OPEN) || (metricsOpen && path.equals("/metrics"))) {
            return Optional.empty();
        }
        return Optional.of(Scope.parse(scope));
    }
}
