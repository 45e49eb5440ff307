package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Fixture every theme of {@link ReadingStoreContract} builds on: the stores a test opens, the test
 * clock, and use cases over a store. The static helpers are reached by static import (an
 * interface's static methods are not inherited).
 */
public interface ContractSupport {

    /** A new, empty store grouping readings by {@code policy}, closed after the test; see {@link ReadingStoreContract#createStore}. */
    ReadingStore store(BucketPolicy policy);

    /** A new, empty store that the caller closes (for tests that open many stores one after another). */
    ReadingStore openStore(BucketPolicy policy);

    /**
     * The one store (default policy) that every test of the class shares, closed after the last:
     * it holds what the tests before wrote, so a test using it keeps to its own fresh series ids.
     */
    ReadingStore sharedStore();

    /** The test clock, standing at {@link Fixtures#NOW} when each test starts. */
    MutableClock clock();

    /** A new store with the default policy (1 h windows, 1000 readings), closed after the test. */
    default ReadingStore store() {
        return store(BucketPolicy.defaults());
    }

    /** The use cases over {@code store}, default settings, time from the test clock. */
    default UseCases useCases(ReadingStore store) {
        return useCases(store, ApplicationSettings.defaults());
    }

    default UseCases useCases(ReadingStore store, ApplicationSettings settings) {
        return UseCases.over(store, settings, clock());
    }

    /** Ingests valid readings in one batch; fails if any is rejected. */
    static IngestReport ingest(UseCases use, List<Reading> readings) {
        IngestReport report = use.ingest().ingest(Fixtures.inputs(readings));
        assertThat(report.rejected()).as("rejections of valid readings").isEmpty();
        return report;
    }

    /** Every unexpired reading of {@code series}, in time order. */
    static List<Reading> readAll(UseCases use, SeriesId series) {
        return use.read().read(series, null, null, Integer.MAX_VALUE);
    }

    /** Skips the test unless {@code store} has {@code capability}, naming both in the reason. */
    static void assumeCapability(ReadingStore store, Capability capability) {
        assumeTrue(store.capabilities().contains(capability),
                () -> "backend '" + store.backend() + "' lacks " + capability + "; this test only applies to stores with it");
    }
}
