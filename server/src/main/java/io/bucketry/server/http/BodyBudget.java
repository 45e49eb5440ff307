package io.bucketry.server.http;

/**
 * The bytes of ingest bodies the server holds in memory at once while they arrive, before an ingest slot
 * is taken: a body that would go past it is answered {@code 503 BUSY}, so many large uploads cannot
 * exhaust the heap, while slow senders, holding only what they have sent, take little of it.
 */
final class BodyBudget {

    private final long limit;
    private long used;

    BodyBudget(long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    /** True, and {@code bytes} counted, when they fit in what is left. */
    synchronized boolean tryReserve(long bytes) {
        if (used + bytes > limit) {
            return false;
        }
        used += bytes;
        return true;
    }

    synchronized void release(long bytes) {
        used -= bytes;
    }
}
