package io.bucketry.app.architecture.violating.bootstrap;

import io.bucketry.app.architecture.violating.adapter.inmemory.InMemoryStore;

/** Fixture: the embedding's configuration holding an adapter's type (outside the wiring) and a Jackson mapper. */
public final class StoreConfig {
    private final InMemoryStore store = null;
    private final com.fasterxml.jackson.databind.ObjectMapper mapper = null;
}
