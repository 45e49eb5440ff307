package io.bucketry.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Lets at most {@code maxConcurrent} ingest requests run at once, counting a request from when its body
 * is complete: the body is first read into memory (within {@code bodyReadTimeout}, {@code maxBodySize}
 * and the shared {@link BodyBudget}), then a slot is taken, or {@code 503 BUSY} with {@code Retry-After}
 * when none is free. Clients that send slowly or never finish thus hold a thread until the body read
 * timeout cuts them, but never a slot, so they cannot make well-behaved clients busy.
 */
final class IngestGate {

    /** The budget of bodies held at once, in bodies of the largest size. */
    static final int BUFFERED_BODIES = 4;

    private final Semaphore permits;
    private final int maxConcurrent;
    private final long retryAfterSeconds;
    private final long maxBodySize;
    private final BodyBudget budget;

    /** @param retryAfter what {@code Retry-After} says: a slot frees within about this long */
    IngestGate(int maxConcurrent, Duration retryAfter, long maxBodySize) {
        this.permits = new Semaphore(maxConcurrent);
        this.maxConcurrent = maxConcurrent;
        this.retryAfterSeconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        this.maxBodySize = maxBodySize;
        this.budget = new BodyBudget(BUFFERED_BODIES * (maxBodySize + 1));
    }

    /** What an ingest route does with its complete body (still encoded as sent). */
    @FunctionalInterface
    interface BodyHandler {
        void handle(Context ctx, InputStream body) throws Exception;
    }

    /**
     * {@code handler} run inside the gate on the complete body: {@code tooLarge} past the body limit, and
     * {@code 400 unreadable} when the body cannot be read to its end (the client cut the connection).
     */
    Handler guard(BodyHandler handler, Supplier<ApiException> tooLarge, String unreadable) {
        return ctx -> {
            if (ctx.req().getContentLengthLong() > maxBodySize) {
                throw tooLarge.get();
            }
            try (BufferedBody body = read(ctx, tooLarge, unreadable)) {
                if (!permits.tryAcquire()) {
                    throw busy(ctx, maxConcurrent + " ingest requests are already running, the most this server takes "
                            + "at once");
                }
                try {
                    handler.handle(ctx, body.stream());
                } finally {
                    permits.release();
                }
            }
        };
    }

    private BufferedBody read(Context ctx, Supplier<ApiException> tooLarge, String unreadable) {
        try {
            return BufferedBody.read(ctx.req().getInputStream(), maxBodySize, budget, tooLarge,
                    () -> busy(ctx, "the bodies being received already fill the " + budget.limit() + " bytes this server "
                            + "holds at once"));
        } catch (IOException e) {
            throw ApiException.badRequest(unreadable, "the body could not be read to its end");
        }
    }

    private ApiException busy(Context ctx, String why) {
        ctx.header("Retry-After", Long.toString(retryAfterSeconds));
        return new ApiException(503, "BUSY", why + "; retry after " + retryAfterSeconds + " s");
    }
}
