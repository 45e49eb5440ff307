package io.bucketry.app.architecture.violating.bootstrap.wiring;

import io.bucketry.app.architecture.violating.adapter.inmemory.InMemoryStore;

/** Fixture: bootstrap wiring an adapter with Guice, as it may. */
public final class Main {
    private final com.google.inject.Injector injector = null;
    private final InMemoryStore store = new InMemoryStore();
}
