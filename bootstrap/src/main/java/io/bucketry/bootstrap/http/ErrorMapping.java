package io.bucketry.bootstrap.http;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.InvalidReadingException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps every failure to {@code {"error": CODE, "message": …}}: 400 for bad input (with the use
 * case's or the domain's code), 404 for unknown resources, 413 for large bodies, 503 when the
 * store is unreachable, 507 when the in-memory store is full, 500 for anything unexpected (logged, never shown).
 */
final class ErrorMapping {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapping.class);

    private ErrorMapping() {
    }

    static void register(Javalin app) {
        app.exception(ApiException.class, (e, ctx) -> answer(ctx, e.status(), e.code(), e.getMessage()));
        app.exception(InvalidRequestException.class, (e, ctx) -> answer(ctx, 400, e.code(), e.getMessage()));
        app.exception(InvalidReadingException.class, (e, ctx) -> answer(ctx, 400, e.reason().name(), e.getMessage()));
        app.exception(StoreUnavailableException.class, (e, ctx) -> {
            LOG.warn("store unavailable: {}", e.getMessage());
            answer(ctx, 503, "STORE_UNAVAILABLE", e.getMessage());
        });
        app.exception(StoreFullException.class, (e, ctx) -> {
            LOG.warn("store full: {}", e.getMessage());
            answer(ctx, 507, "STORE_FULL", e.getMessage());
        });
        app.exception(HttpResponseException.class, (e, ctx) -> answer(ctx, e.getStatus(), codeOf(e.getStatus()),
                e.getMessage()));
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            answer(ctx, 500, "INTERNAL_ERROR", "the request failed unexpectedly; see the server log");
        });
        app.error(404, ctx -> {
            if (ctx.resultInputStream() == null) {
                answer(ctx, 404, "NOT_FOUND", "no such resource: " + ctx.method() + " " + ctx.path());
            }
        });
    }

    private static String codeOf(int status) {
        return switch (status) {
            case 400 -> "BAD_REQUEST";
            case 404 -> "NOT_FOUND";
            case 405 -> "METHOD_NOT_ALLOWED";
            case 413 -> "PAYLOAD_TOO_LARGE";
            default -> "HTTP_" + status;
        };
    }

    private static void answer(Context ctx, int status, String code, String message) {
        ctx.status(status).json(new ApiError(code, message));
    }
}
