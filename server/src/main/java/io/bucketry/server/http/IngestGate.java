package io.bucketry.server.http;

import io.javalin.http.Handler;

import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * Lets at most {@code maxConcurrent} ingest requests run at once; one more is answered at once
 * {@code 503 BUSY} with {@code Retry-After}, before its body is read, so that slow or many clients
 * cannot hold every server thread.
 */
final class IngestGate {

    private final Semaphore permits;
    private final int maxConcurrent;
    private final long retryAfterSeconds;

    /** @param retryAfter what {@code Retry-After} says: a slot frees within about this long */
    IngestGate(int maxConcurrent, Duration retryAfter) {
        this.permits = new Semaphore(maxConcurrent);
        this.maxConcurrent = maxConcurrent;
        this.retryAfterSeconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
    }

    /** {@code handler} run inside the gate. */
    Handler guard(Handler handler) {
        return ctx -> {
            if (!permits.tryAcquire()) {
                ctx.header("Retry-After", Long.toString(retryAfterSeconds));
                throw new ApiException(503, "BUSY", maxConcurrent + " ingest requests are already running, the most "
                        + "this server takes at once; retry after " + retryAfterSeconds + " s");
            }
            try {
                handler.handle(ctx);
            } finally {
                permits.release();
            }
        };
    }
}
