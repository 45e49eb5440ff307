package io.bucketry.application.contract;

import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Nested;

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
 * The example-based tests are grouped by theme in the {@code @Nested} classes below (JUnit
 * Jupiter); the property-based ones are inherited from {@link AggregationProperties}.
 * Tests drive the store through the use cases with a {@link MutableClock}, keep apart through
 * fresh series ids, and skip what a store's {@link ReadingStore#capabilities()} do not include.
 */
public abstract class ReadingStoreContract extends AggregationProperties {

    /**
     * A new, empty store that groups readings by {@code policy}; may be called several times per
     * test, and each store is closed after its test. A store lacking
     * {@link io.bucketry.application.port.out.Capability#PAGED_BUCKETS} throws an
     * {@link IllegalArgumentException} mentioning "paged" for a paged policy.
     */
    @Override
    protected abstract ReadingStore createStore(BucketPolicy policy);

    @Nested
    class RoundTrip extends RoundTripContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Duplicates extends DuplicatesContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class BucketLayout extends BucketLayoutContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Paging extends PagingContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Aggregation extends AggregationContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Latest extends LatestContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class DeleteSeries extends DeleteSeriesContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Retention extends RetentionContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Statistics extends StatisticsContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class SeriesListing extends SeriesListingContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }

    @Nested
    class Concurrency extends ConcurrencyContract {
        @Override
        protected ReadingStore createStore(BucketPolicy policy) {
            return ReadingStoreContract.this.createStore(policy);
        }
    }
}
