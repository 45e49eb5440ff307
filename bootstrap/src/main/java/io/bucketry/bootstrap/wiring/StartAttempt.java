package io.bucketry.bootstrap.wiring;

import java.util.function.Supplier;

/**
 * A store's one attempt to open. Guice asks for a failed singleton again for every binding that
 * needs it (the store, its rollups, its metrics, its sealing), and each ask against an absent server
 * waited the whole timeout: a start that cannot succeed took four timeouts. The first failure is
 * the answer to every later ask.
 */
final class StartAttempt<S> {

    private RuntimeException failure;

    synchronized S open(Supplier<S> open) {
        if (failure != null) {
            throw failure;
        }
        try {
            return open.get();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        }
    }
}
