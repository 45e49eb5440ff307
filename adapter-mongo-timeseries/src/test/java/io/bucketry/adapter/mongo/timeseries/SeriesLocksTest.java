package io.bucketry.adapter.mongo.timeseries;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Batches of one store wait for each other only where they share a series. */
class SeriesLocksTest {

    private final SeriesLocks locks = new SeriesLocks();

    @Test
    void aBatchOfOtherSeriesDoesNotWaitButOneSharingASeriesDoes() throws Exception {
        // given: two series on different stripes, the first held by a batch
        String held = "a";
        String other = otherStripeThan(held);
        SeriesLocks.Held first = locks.lock(List.of(held));
        try {
            // when / then: another batch of the other series goes ahead
            CompletableFuture.runAsync(() -> locks.lock(List.of(other)).close()).get(5, TimeUnit.SECONDS);

            // and one that shares the held series waits until it is released
            CompletableFuture<Void> sharing = CompletableFuture.runAsync(() -> locks.lock(List.of(other, held)).close());
            assertThatThrownBy(() -> sharing.get(300, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            first.close();
            first = null;
            sharing.get(5, TimeUnit.SECONDS);
        } finally {
            if (first != null) {
                first.close();
            }
        }
    }

    @Test
    void everySeriesMapsToAStripe() {
        assertThat(SeriesLocks.stripe("sensor-1")).isBetween(0, SeriesLocks.STRIPES - 1);
        assertThat(SeriesLocks.stripe("\u0000")).isBetween(0, SeriesLocks.STRIPES - 1);
    }

    private static String otherStripeThan(String series) {
        for (int i = 0; i < 10_000; i++) {
            String candidate = "s" + i;
            if (SeriesLocks.stripe(candidate) != SeriesLocks.stripe(series)) {
                return candidate;
            }
        }
        throw new AssertionError("all series share one lock stripe");
    }
}
