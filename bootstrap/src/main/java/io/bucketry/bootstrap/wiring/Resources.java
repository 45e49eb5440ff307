package io.bucketry.bootstrap.wiring;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a Bucketry instance must release on shutdown besides its store (an embedded server, a
 * client). Store modules register here from their {@code @Provides} methods; closing happens in
 * reverse order of registration.
 */
public final class Resources implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Resources.class);

    private final Deque<Named> open = new ArrayDeque<>();

    /** Closes {@code resource} on shutdown, after everything registered later. */
    public synchronized void register(String name, AutoCloseable resource) {
        open.push(new Named(name, resource));
    }

    /** Closes every resource, most recent first; a failure is logged and does not stop the others. */
    @Override
    public synchronized void close() {
        while (!open.isEmpty()) {
            Named named = open.pop();
            try {
                named.resource().close();
            } catch (Exception e) {
                LOG.warn("closing {} failed: {}", named.name(), e.toString());
            }
        }
    }

    private record Named(String name, AutoCloseable resource) {
    }
}
