package io.bucketry.application.contract;

import io.bucketry.application.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.AfterEach;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Fixture shared by the themes of {@link ReadingStoreContract}: a test clock standing at
 * {@link Fixtures#NOW}, the stores a test opened (closed after it), and use cases over them.
 */
public abstract class ContractSupport {

    protected final MutableClock clock = new MutableClock(Fixtures.NOW);
    private final List<ReadingStore> opened = new ArrayList<>();

    /** A new, empty store grouping readings by {@code policy}; see {@link ReadingStoreContract#createStore}. */
    protected abstract ReadingStore createStore(BucketPolicy policy);

    /** A new store, closed after the test. */
    protected ReadingStore store(BucketPolicy policy) {
        ReadingStore store = createStore(policy);
        opened.add(store);
        return store;
    }

    /** A new store with the default policy (1 h windows, 1000 readings), closed after the test. */
    protected ReadingStore store() {
        return store(BucketPolicy.defaults());
    }

    /** The use cases over {@code store}, default settings, time from the test clock. */
    protected UseCases useCases(ReadingStore store) {
        return useCases(store, ApplicationSettings.defaults());
    }

    protected UseCases useCases(ReadingStore store, ApplicationSettings settings) {
        return UseCases.over(store, settings, clock);
    }

    /** Ingests valid readings in one batch; fails if any is rejected. */
    protected static IngestReport ingest(UseCases use, List<Reading> readings) {
        IngestReport report = use.ingest().ingest(Fixtures.inputs(readings));
        assertThat(report.rejected()).as("rejections of valid readings").isEmpty();
        return report;
    }

    /** Every unexpired reading of {@code series}, in time order. */
    protected static List<Reading> readAll(UseCases use, SeriesId series) {
        return use.read().read(series, null, null, Integer.MAX_VALUE);
    }

    /** True when {@code store} lays buckets out as its policy says (see {@link Capability#POLICY_BUCKETS}). */
    protected static boolean followsBucketPolicy(ReadingStore store) {
        return store.capabilities().contains(Capability.POLICY_BUCKETS);
    }

    /** Skips the test unless {@code store} has {@code capability}. */
    protected static void assumeCapability(ReadingStore store, Capability capability) {
        assumeTrue(store.capabilities().contains(capability),
                () -> "backend '" + store.backend() + "' lacks " + capability + "; this test only applies to stores with it");
    }

    @AfterEach
    void closeStores() {
        RuntimeException failure = null;
        for (ReadingStore store : opened) {
            try {
                store.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        opened.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
