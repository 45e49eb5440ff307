package io.bucketry.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;

/**
 * The answer when a route fails with an {@link Error} (an {@code OutOfMemoryError}, a stack
 * overflow): logged, and answered {@code 500 {"error":"INTERNAL",…}} from bytes made in advance,
 * so that answering needs next to no memory.
 */
final class LastResort {

    static final String CODE = "INTERNAL";
    static final String MESSAGE = "the request failed unexpectedly; see the server log";
    static final String CONTENT_TYPE = "application/json";

    private static final Logger LOG = LoggerFactory.getLogger(LastResort.class);
    private static final byte[] BODY = ("{\"error\":\"" + CODE + "\",\"message\":\"" + MESSAGE + "\"}")
            .getBytes(StandardCharsets.UTF_8);

    private LastResort() {
    }

    /** {@code handler}, answering 500 INTERNAL when it throws an Error. */
    static Handler guard(Handler handler) {
        return ctx -> {
            try {
                handler.handle(ctx);
            } catch (Error e) {
                answer(ctx, e);
            }
        };
    }

    static byte[] body() {
        return BODY.clone();
    }

    private static void answer(Context ctx, Error e) {
        try {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
        } catch (Throwable ignored) {
            // logging itself failed (no memory left): answering matters more
        }
        ctx.status(500).contentType(CONTENT_TYPE).result(BODY);
    }
}
