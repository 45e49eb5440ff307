package io.bucketry.app.architecture.violating.application.port.out;

/** Fixture: an outbound port, as it should be. */
public interface ReadingStore {
}
