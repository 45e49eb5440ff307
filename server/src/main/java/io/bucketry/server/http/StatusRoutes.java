package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.server.json.StatisticsView;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Routes that describe the service: storage statistics and health. Health is the store's own probe
 * (a bounded ping on MongoDB, the capacity of the in-memory store): 200 UP, or 503 DOWN with the reason.
 */
final class StatusRoutes {

    private final UseCases useCases;
    private final String backend;

    StatusRoutes(UseCases useCases, String backend) {
        this.useCases = useCases;
        this.backend = backend;
    }

    void register(RouteTable routes) {
        routes.get("/v1/stats", ctx -> ctx.json(StatisticsView.of(useCases.describe().describe())));
        routes.get("/health", ctx -> {
            StoreHealth health = useCases.health().check();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("status", health.up() ? "UP" : "DOWN");
            body.put("backend", backend);
            if (!health.up()) {
                body.put("reason", health.reason());
            }
            ctx.status(health.up() ? 200 : 503).json(body);
        });
    }
}
