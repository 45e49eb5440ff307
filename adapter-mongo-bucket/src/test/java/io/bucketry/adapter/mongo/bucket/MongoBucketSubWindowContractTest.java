package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SubWindows;

import java.time.Duration;

/**
 * The ReadingStore contract against this run's MongoDB lane with 5-minute sub-window summaries on
 * every windowed policy they fit (a width above 5 minutes that 5 minutes divide), so that every
 * aggregate over windows of 5 minutes, an hour, 90 minutes or a day is served from them and still
 * equals the brute force.
 */
class MongoBucketSubWindowContractTest extends ReadingStoreContract {

    static final SubWindows FIVE_MINUTES = SubWindows.every(Duration.ofMinutes(5));

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return TestData.store(withSubWindows(policy));
    }

    /** {@code policy} with 5-minute sub-windows where they fit and none are set; other policies as they are. */
    static BucketPolicy withSubWindows(BucketPolicy policy) {
        if (policy instanceof BucketPolicy.Windowed windowed && !windowed.subWindows().isOn()
                && windowed.widthMillis() > FIVE_MINUTES.widthMillis() && windowed.widthMillis() % FIVE_MINUTES.widthMillis() == 0) {
            return windowed.withSubWindows(FIVE_MINUTES);
        }
        return policy;
    }
}
