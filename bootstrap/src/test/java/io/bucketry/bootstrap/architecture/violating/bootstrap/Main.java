package io.bucketry.bootstrap.architecture.violating.bootstrap;

import io.bucketry.bootstrap.architecture.violating.adapter.inmemory.InMemoryStore;

/** Fixture: bootstrap wiring an adapter with Guice, as it may. */
public final class Main {
    private final com.google.inject.Injector injector = null;
    private final InMemoryStore store = new InMemoryStore();
}
