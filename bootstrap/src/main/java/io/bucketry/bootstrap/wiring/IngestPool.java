package io.bucketry.bootstrap.wiring;

import java.util.concurrent.Executor;

/**
 * The ingest threads of one Bucketry instance and how many parts a batch may take: the ingest
 * service validates a large batch in parts on them, and the in-memory store stores its stripes in
 * parts on them. Parallelism 1 runs everything on the calling thread.
 */
record IngestPool(Executor executor, int parallelism) {

    static final IngestPool CALLING_THREAD = new IngestPool(Runnable::run, 1);
}
