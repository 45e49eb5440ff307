package io.bucketry.server;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits {@code serve} puts on its HTTP clients.
 *
 * @param bodyReadTimeout the longest time a request may take to send its body; a slower one is answered 408
 * @param maxConcurrentIngests at most this many ingest requests run at once, each counted from when its body is
 *                             complete; one more is answered 503 BUSY
 * @param drainTimeout on stop, how long requests in flight may still run before they are cut
 */
public record HttpLimits(Duration bodyReadTimeout, int maxConcurrentIngests, Duration drainTimeout) {

    public static final Duration DEFAULT_BODY_READ_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_CONCURRENT_INGESTS = 32;
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(30);

    public HttpLimits {
        Objects.requireNonNull(bodyReadTimeout, "bodyReadTimeout");
        Objects.requireNonNull(drainTimeout, "drainTimeout");
        if (bodyReadTimeout.isNegative() || bodyReadTimeout.isZero()) {
            throw new IllegalArgumentException("bodyReadTimeout " + bodyReadTimeout + " must be positive");
        }
        if (maxConcurrentIngests < 1) {
            throw new IllegalArgumentException("maxConcurrentIngests " + maxConcurrentIngests + " must be positive");
        }
        if (drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drainTimeout " + drainTimeout + " must not be negative");
        }
    }

    // one limit changed, the others kept: the builder's keys
    HttpLimits withBodyReadTimeout(Duration value) {
        return new HttpLimits(value, maxConcurrentIngests, drainTimeout);
    }

    HttpLimits withMaxConcurrentIngests(int value) {
        return new HttpLimits(bodyReadTimeout, value, drainTimeout);
    }

    HttpLimits withDrainTimeout(Duration value) {
        return new HttpLimits(bodyReadTimeout, maxConcurrentIngests, value);
    }

    public static HttpLimits defaults() {
        return new HttpLimits(DEFAULT_BODY_READ_TIMEOUT, DEFAULT_MAX_CONCURRENT_INGESTS, DEFAULT_DRAIN_TIMEOUT);
    }
}
