package io.bucketry.bootstrap.http;

import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.json.StatisticsView;

import java.util.LinkedHashMap;
import java.util.Map;

/** Routes that describe the service: storage statistics and health. */
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
            Map<String, Object> health = new LinkedHashMap<>();
            health.put("status", "UP");
            health.put("backend", backend);
            ctx.json(health);
        });
    }
}
