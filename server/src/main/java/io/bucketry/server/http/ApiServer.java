package io.bucketry.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.HttpLimits;
import io.bucketry.server.ServerConfig;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.server.json.Json;
import io.bucketry.server.metrics.ServerMetrics;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;
import jakarta.servlet.DispatcherType;
import org.eclipse.jetty.servlet.FilterHolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.TimeoutException;

/**
 * The HTTP API of DESIGN §4 on Javalin, over a running {@link Bucketry}, within the
 * {@link HttpLimits} of its {@link ServerConfig}, with its metrics at {@code /metrics}. Closing it stops
 * accepting connections, lets requests in flight finish and answer (up to the drain timeout), then
 * returns; it does not close the Bucketry.
 */
public final class ApiServer implements AutoCloseable {

    /** Jetty's limit on the request line plus headers, in bytes (414 / 431 beyond it). */
    static final int HEADER_LIMIT = 8192;

    private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);

    private final Javalin app;
    private final Duration drainTimeout;
    private final ServerMetrics metrics;
    private final RouteTable routes;

    private ApiServer(Javalin app, Duration drainTimeout, ServerMetrics metrics, RouteTable routes) {
        this.app = app;
        this.drainTimeout = drainTimeout;
        this.metrics = metrics;
        this.routes = routes;
    }

    /** Starts serving a running Bucketry on the bind address, port and limits of {@code server}. */
    public static ApiServer start(Bucketry bucketry, ServerConfig server) {
        return start(bucketry.useCases(), bucketry.backend(), bucketry.config(), server);
    }

    /**
     * Starts serving {@code useCases} (over any store, e.g. one an embedding application built with
     * {@link UseCases#over}) on the bind address, port and limits of {@code server}, with the batch and
     * window limits of {@code store}; an IllegalStateException naming the address and the cause when it
     * cannot listen there.
     */
    public static ApiServer start(UseCases unmetered, String backend, BucketryConfig store, ServerConfig server) {
        ServerMetrics metrics = ServerMetrics.over(unmetered);
        UseCases useCases = metrics.useCases();
        ObjectMapper mapper = Json.mapper();
        HttpLimits limits = server.http();
        JsonErrorHandler errors = new JsonErrorHandler(mapper, HEADER_LIMIT);
        Javalin app = Javalin.create(javalin -> {
            javalin.showJavalinBanner = false;
            javalin.startupWatcherEnabled = false;
            javalin.jsonMapper(new JavalinJackson(mapper, false));
            javalin.requestLogger.http(new RequestLog(metrics, server.accessLog()));
            javalin.http.maxRequestSize = server.maxBodySize();
            Dashboard.serve(javalin);
            TlsConnector.configure(javalin, server);
            javalin.jetty.modifyHttpConfiguration(http -> http.setRequestHeaderSize(HEADER_LIMIT));
            javalin.jetty.modifyServer(jetty -> {
                // graceful stop: the connector stops accepting, then waits for its connections to finish their requests
                jetty.setStopTimeout(limits.drainTimeout().toMillis());
                jetty.setErrorHandler(errors);
            });
            javalin.jetty.modifyServletContextHandler(context -> {
                context.setErrorHandler(errors);
                context.addFilter(new FilterHolder(new BodyReadDeadline(limits.bodyReadTimeout())), "/*",
                        EnumSet.of(DispatcherType.REQUEST));
            });
        });
        RouteTable routes = new RouteTable(app, new RouteScopes(server.metricsOpen()), new AccessGuard(server.tokens()));
        ErrorMapping.register(app, routes);
        IngestGate ingests = new IngestGate(limits.maxConcurrentIngests(), limits.bodyReadTimeout(), server.maxBodySize());
        new ReadingRoutes(useCases, new RequestBody(server.maxBodySize(), store.maxBatchSize())).register(routes, ingests);
        new AggregateRoutes(useCases).register(routes);
        new ExportRoutes(useCases).register(routes);
        new StatusRoutes(useCases, backend).register(routes);
        new LineProtocolRoutes(useCases, store, server).register(routes, ingests);
        new GrafanaRoutes(useCases, server.maxBodySize(), store.maxWindows()).register(routes);
        new QueryRoutes(useCases, store, java.time.Clock.systemUTC()).register(routes);
        routes.get("/metrics", ctx -> ctx.contentType(ServerMetrics.CONTENT_TYPE).result(metrics.scrape()));
        OpenApiRoute.register(routes);
        try {
            Listen.start(app, server.bind(), server.port());
        } catch (RuntimeException e) {
            metrics.close();
            throw e;
        }
        return new ApiServer(app, limits.drainTimeout(), metrics, routes);
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    /** Every route registered, with the scope it needs. */
    java.util.List<RouteTable.Route> routes() {
        return routes.routes();
    }

    /** Stops; requests still running after the drain timeout are cut (logged), the server is stopped all the same. */
    @Override
    public void close() {
        try {
            app.stop();
        } catch (RuntimeException e) {
            if (!Causes.include(e, TimeoutException.class)) {
                throw e;
            }
            LOG.warn("requests still in flight after the drain timeout of {} were cut", Durations.format(drainTimeout));
        } finally {
            metrics.close();
        }
    }
}
