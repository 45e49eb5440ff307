package io.bucketry.server.metrics;

import io.bucketry.application.UseCases;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The metrics of {@code serve} in one Prometheus registry: ingest outcomes, store operations, HTTP
 * requests, stored buckets and readings, JVM memory and GC; {@link #scrape()} is the text of {@code /metrics}.
 */
public final class ServerMetrics implements AutoCloseable {

    /** The Prometheus text format (version 0.0.4) that {@link #scrape()} writes. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** How long the storage statistics behind the gauges are reused (on MongoDB they are an aggregation). */
    public static final Duration STATISTICS_TTL = Duration.ofSeconds(15);

    /** Latency buckets of the HTTP and store histograms: from 1 ms to 10 s. */
    static final Duration[] LATENCY_BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
            Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5),
            Duration.ofSeconds(10)};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final UseCases useCases;
    private final Map<RequestLabels, Timer> requests = new ConcurrentHashMap<>();

    private ServerMetrics(UseCases useCases, LongSupplier nanoTime) {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        this.useCases = MeteredUseCases.around(useCases, registry);
        StorageGauges.register(registry, this.useCases.describe(), STATISTICS_TTL, nanoTime);
    }

    /** Metrics over {@code useCases}; serve {@link #useCases()} so that their calls are measured. */
    public static ServerMetrics over(UseCases useCases) {
        return new ServerMetrics(useCases, System::nanoTime);
    }

    /** The use cases, each call timed and its failures counted; ingest reports counted by outcome. */
    public UseCases useCases() {
        return useCases;
    }

    /** Records one answered HTTP request: {@code route} is the matched path template, never the raw path. */
    public void request(String method, String route, int status, Duration latency) {
        // a timer found once per label set: building its id (tags sorted) on every request cost more than recording
        requests.computeIfAbsent(new RequestLabels(method, route, status), labels -> Timer.builder("bucketry.http.requests")
                .description("HTTP requests by method, route template and status")
                .tags("method", method, "route", route, "status", Integer.toString(status))
                .serviceLevelObjectives(LATENCY_BUCKETS).register(registry)).record(latency);
    }

    private record RequestLabels(String method, String route, int status) {
    }

    /** Every metric in the Prometheus text format. */
    public String scrape() {
        return registry.scrape();
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
