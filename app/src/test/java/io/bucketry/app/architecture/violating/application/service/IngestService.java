package io.bucketry.app.architecture.violating.application.service;

/** Fixture: a service that counts in a mutable static field and asks Guice for its store. */
public final class IngestService {
    static int ingested;
    private final com.google.inject.Injector injector = null;
}
