package io.bucketry.bootstrap.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.bootstrap.json.Json;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;

/**
 * The HTTP API of DESIGN §4 on Javalin, over a running {@link Bucketry}. Closing it stops accepting
 * connections, lets requests in flight finish (up to {@link #STOP_TIMEOUT_MILLIS}), then returns;
 * it does not close the Bucketry.
 */
public final class ApiServer implements AutoCloseable {

    /** How long closing waits for requests in flight. */
    public static final long STOP_TIMEOUT_MILLIS = 10_000;

    private final Javalin app;

    private ApiServer(Javalin app) {
        this.app = app;
    }

    /** Starts serving a running Bucketry on its configured bind address and port. */
    public static ApiServer start(Bucketry bucketry) {
        return start(bucketry.useCases(), bucketry.backend(), bucketry.config());
    }

    /**
     * Starts serving {@code useCases} (over any store, e.g. one an embedding application built with
     * {@link UseCases#over}) on the bind address, port and body limit of {@code config}.
     */
    public static ApiServer start(UseCases useCases, String backend, BucketryConfig config) {
        ObjectMapper mapper = Json.mapper();
        Javalin app = Javalin.create(javalin -> {
            javalin.showJavalinBanner = false;
            javalin.startupWatcherEnabled = false;
            javalin.jsonMapper(new JavalinJackson(mapper, false));
            javalin.http.maxRequestSize = config.maxBodySize();
            javalin.jetty.modifyServer(server -> server.setStopTimeout(STOP_TIMEOUT_MILLIS));
        });
        ErrorMapping.register(app);
        new ReadingRoutes(useCases, new RequestBody(mapper, config.maxBodySize())).register(app);
        new AggregateRoutes(useCases).register(app);
        new StatusRoutes(useCases, backend).register(app);
        new LineProtocolRoutes(useCases, config).register(app);
        app.start(config.bind(), config.port());
        return new ApiServer(app);
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
