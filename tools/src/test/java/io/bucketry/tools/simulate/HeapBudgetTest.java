package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.Backend;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Simulate's heap budget: the in-memory store's own readings, or the embedded server's, never a remote one's. */
class HeapBudgetTest {

    @Test
    void onlyWhatLivesInThisProcessCounts() {
        assertThat(HeapBudget.bytesPerReading(Backend.INMEMORY, false)).isPositive()
                .isEqualTo(HeapBudget.bytesPerReading(Backend.INMEMORY, true));
        assertThat(HeapBudget.bytesPerReading(Backend.MONGO_BUCKET, false)).isZero();
        assertThat(HeapBudget.bytesPerReading(Backend.MONGO_TIMESERIES, false)).isZero();
        assertThat(HeapBudget.bytesPerReading(Backend.MONGO_BUCKET, true))
                .as("mongo-bucket's embedded server also holds simulate's baseline")
                .isGreaterThan(HeapBudget.bytesPerReading(Backend.MONGO_TIMESERIES, true));
    }
}
