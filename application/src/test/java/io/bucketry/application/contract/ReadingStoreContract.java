package io.bucketry.application.contract;

import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;

/**
 * The contract every {@link ReadingStore} adapter passes. An adapter's test is one subclass that
 * says how to build its store:
 *
 * <pre>{@code
 * class InMemoryReadingStoreContractTest extends ReadingStoreContract {
 *     @Override
 *     protected ReadingStore createStore(BucketPolicy policy) {
 *         return new InMemoryReadingStore(policy);
 *     }
 * }
 * }</pre>
 *
 * The tests are the default methods of the theme interfaces implemented here (JUnit Jupiter runs
 * {@code @Test} default methods of a test class's interfaces). They drive the store through the
 * use cases with a {@link MutableClock}, keep apart through fresh series ids, and skip with the
 * capability named what a store's {@link ReadingStore#capabilities()} do not include. One
 * instance serves the whole class, so that {@link #sharedStore()} can outlive a test; the clock
 * is reset and the stores a test opened are closed around each test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ReadingStoreContract implements RoundTripContract, DuplicatesContract, BucketLayoutContract,
        PagingContract, AggregationContract, AggregationProperties, LatestContract, DeleteSeriesContract,
        RetentionContract, StatisticsContract, SeriesListingContract, LastpointContract, ConcurrencyContract, WindowLimitContract,
        SubMillisecondClockContract, MergedSummariesContract, SharedStoreContract, GapFillContract, GapFillProperties,
        SubWindowContract, SubWindowProperties, TagsContract, TagsProperties, ColumnReadsContract {

    private final MutableClock clock = new MutableClock(Fixtures.NOW);
    private final List<ReadingStore> opened = new ArrayList<>();
    private ReadingStore shared;

    /**
     * A new, empty store that groups readings by {@code policy}; may be called several times per
     * test. A store lacking {@link io.bucketry.application.port.out.Capability#PAGED_BUCKETS}
     * throws an {@link IllegalArgumentException} mentioning "paged" for a paged policy.
     */
    protected abstract ReadingStore createStore(BucketPolicy policy);

    /**
     * The policy a test's store is built with when the test asks for {@code requested}: that one,
     * unless a subclass runs the whole suite under another rule ({@link SubWindowStoreContract}).
     */
    protected BucketPolicy policyFor(BucketPolicy requested) {
        return requested;
    }

    @Override
    public final ReadingStore store(BucketPolicy policy) {
        ReadingStore store = createStore(policyFor(policy));
        opened.add(store);
        return store;
    }

    @Override
    public final ReadingStore openStore(BucketPolicy policy) {
        return createStore(policyFor(policy));
    }

    @Override
    public final synchronized ReadingStore sharedStore() {
        if (shared == null) {
            shared = createStore(policyFor(BucketPolicy.defaults()));
        }
        return shared;
    }

    @Override
    public final MutableClock clock() {
        return clock;
    }

    @BeforeEach
    void resetClock() {
        clock.set(Fixtures.NOW);
    }

    @AfterEach
    void closeStores() {
        try {
            closeAll(opened);
        } finally {
            opened.clear();
        }
    }

    @AfterAll
    void closeSharedStore() {
        if (shared != null) {
            try {
                shared.close();
            } finally {
                shared = null;
            }
        }
    }

    private static void closeAll(List<ReadingStore> stores) {
        RuntimeException failure = null;
        for (ReadingStore store : stores) {
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
        if (failure != null) {
            throw failure;
        }
    }
}
