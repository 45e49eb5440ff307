package io.bucketry.bootstrap.wiring;

import io.bucketry.adapter.mongo.bucket.OneDocumentPerReadingBaseline;

/**
 * Opens (and empties) simulate's side-by-side baseline — one document per reading — on the server of
 * the running store; bound only by store modules that have one (mongo-bucket).
 */
@FunctionalInterface
public interface BaselineOpener {

    /** A new, empty baseline; the caller closes it. */
    OneDocumentPerReadingBaseline open();
}
