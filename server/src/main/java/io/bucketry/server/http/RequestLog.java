package io.bucketry.server.http;

import io.bucketry.server.metrics.ServerMetrics;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.RequestLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;

/**
 * Called by Javalin once each request has been answered (errors and 404 included): records its
 * latency under the matched route template ({@code /v1/series/{id}/readings}, so that the number of
 * series does not multiply the metrics; {@code unmatched} when no route matched) and, when enabled,
 * logs the access line {@code GET /v1/stats 200 1.2ms} at INFO on {@value #LOGGER}.
 */
final class RequestLog implements RequestLogger {

    static final String LOGGER = "io.bucketry.server.http.access";
    static final String UNMATCHED = "unmatched";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private final ServerMetrics metrics;
    private final boolean accessLog;

    RequestLog(ServerMetrics metrics, boolean accessLog) {
        this.metrics = metrics;
        this.accessLog = accessLog;
    }

    @Override
    public void handle(Context ctx, Float ms) {
        int status = ctx.statusCode();
        metrics.request(ctx.method().name(), route(ctx), status, Duration.ofNanos((long) (ms * 1_000_000d)));
        if (accessLog) {
            LOG.info("{} {} {} {}ms", ctx.method().name(), ctx.path(), status, String.format(Locale.ROOT, "%.1f", ms));
        }
    }

    /** The template of the route that answered; no raw path ever becomes a label. */
    private static String route(Context ctx) {
        if (ctx.handlerType() == HandlerType.BEFORE) {
            return UNMATCHED;   // no endpoint ran: Javalin still names the request's stage BEFORE
        }
        String path = ctx.endpointHandlerPath();
        return path == null || path.isBlank() || path.equals("*") ? UNMATCHED : path;
    }
}
