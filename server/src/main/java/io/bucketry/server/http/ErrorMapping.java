package io.bucketry.server.http;

import io.bucketry.server.json.MalformedJsonException;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Quote;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps every failure to {@code {"error": CODE, "message": …}}: 400 for bad input (with the use
 * case's or the domain's code), 404 for unknown resources, 413 for large bodies, 503 when the
 * store is unreachable, 507 when the in-memory store is full, 500 for anything unexpected (logged, never
 * shown), and 405 with {@code Allow} for a known path asked with another method.
 */
final class ErrorMapping {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapping.class);

    private ErrorMapping() {
    }

    static void register(Javalin app, RouteTable routes) {
        app.exception(ApiException.class, (e, ctx) -> answer(ctx, e.status(), e.code(), e.getMessage()));
        app.exception(MalformedJsonException.class, (e, ctx) -> answer(ctx, 400, "MALFORMED_JSON", e.getMessage()));
        app.exception(InvalidRequestException.class, (e, ctx) -> answer(ctx, 400, e.code(), e.getMessage()));
        app.exception(InvalidReadingException.class, (e, ctx) -> answer(ctx, 400, e.reason().name(), e.getMessage()));
        app.exception(TagsUnsupportedException.class, (e, ctx) -> answer(ctx, 501, "TAGS_UNSUPPORTED", e.getMessage()));
        app.exception(StoreUnavailableException.class, (e, ctx) -> {
            LOG.warn("store unavailable: {}", e.getMessage());
            answer(ctx, 503, "STORE_UNAVAILABLE", e.getMessage());
        });
        app.exception(StoreFullException.class, (e, ctx) -> {
            LOG.warn("store full: {}", e.getMessage());
            answer(ctx, 507, "STORE_FULL", e.getMessage());
        });
        app.exception(HttpResponseException.class, (e, ctx) -> {
            if (e.getStatus() == 404) {
                noRoute(ctx, routes);   // Javalin found no route for this method and path
            } else {
                answer(ctx, e.getStatus(), codeOf(e.getStatus()), e.getMessage());
            }
        });
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            answer(ctx, 500, LastResort.CODE, LastResort.MESSAGE);
        });
        app.error(404, ctx -> {
            if (ctx.resultInputStream() == null) {
                noRoute(ctx, routes);
            }
        });
    }

    /** 405 with {@code Allow} when another method of the path has a route, 404 otherwise. */
    private static void noRoute(Context ctx, RouteTable routes) {
        String allowed = routes.allowed(ctx.path()).orElse(null);
        String method = ctx.req().getMethod();   // ctx.method() is INVALID for a method Javalin does not know
        if (allowed == null) {
            answer(ctx, 404, "NOT_FOUND", "no such resource: " + method + " " + Quote.of(ctx.path()));
        } else {
            ctx.header("Allow", allowed);
            answer(ctx, 405, "METHOD_NOT_ALLOWED", method + " is not allowed on " + Quote.of(ctx.path())
                    + "; allowed: " + allowed);
        }
    }

    static String codeOf(int status) {
        return switch (status) {
            case 400 -> "BAD_REQUEST";
            case 404 -> "NOT_FOUND";
            case 405 -> "METHOD_NOT_ALLOWED";
            case 408 -> "REQUEST_TIMEOUT";
            case 413 -> "PAYLOAD_TOO_LARGE";
            case 414 -> "URI_TOO_LONG";
            case 417 -> "EXPECTATION_FAILED";
            case 426 -> "UPGRADE_REQUIRED";
            case 431 -> "HEADERS_TOO_LARGE";
            case 500 -> LastResort.CODE;
            case 501 -> "NOT_IMPLEMENTED";
            case 503 -> "UNAVAILABLE";
            case 505 -> "HTTP_VERSION_NOT_SUPPORTED";
            default -> "HTTP_" + status;
        };
    }

    private static void answer(Context ctx, int status, String code, String message) {
        ctx.status(status).json(new ApiError(code, message));
    }
}
