package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A batch's versions are read for the admission only near the limit: far from it, every reading taken as the
 * largest version still fits, and the answer is the one the exact sum would give.
 */
class VersionAdmissionTest {

    private static final int READINGS = 100;
    private static final long READING_BYTES = READINGS * 32L;
    /** What the batch costs besides its versions: its readings, and a new series of the longest id each. */
    private static final long CERTAIN = READING_BYTES + READINGS * (long) (StoreCapacity.SERIES_OVERHEAD + SeriesId.MAX_LENGTH);
    private static final long EXACT_VERSIONS = READINGS * 300L;

    private final AtomicInteger versionsAsked = new AtomicInteger();
    private final AtomicInteger seriesAsked = new AtomicInteger();

    private LongSupplier versions() {
        return () -> {
            versionsAsked.incrementAndGet();
            return EXACT_VERSIONS;
        };
    }

    private LongSupplier newSeries(long bytes) {
        return () -> {
            seriesAsked.incrementAndGet();
            return bytes;
        };
    }

    @Test
    void aBatchFarFromTheLimitIsAdmittedWithoutReadingItsMetas() {
        StoreCapacity capacity = new StoreCapacity(CERTAIN + READINGS * StoreCapacity.MAX_VERSION_ESTIMATE, () -> 10);

        capacity.admit(READINGS, READING_BYTES, versions(), newSeries(0));

        assertThat(versionsAsked).hasValue(0);
        assertThat(seriesAsked).hasValue(0);
    }

    @Test
    void nearTheLimitTheVersionsAreSummedAndTheSeriesNotLookedUpWhenTheyFit() {
        // given room for the batch with its exact versions, not with the largest ones
        StoreCapacity capacity = new StoreCapacity(CERTAIN + EXACT_VERSIONS, () -> 10);

        capacity.admit(READINGS, READING_BYTES, versions(), newSeries(0));

        assertThat(versionsAsked).hasValue(1);
        assertThat(seriesAsked).as("the exact versions fit: no series looked up").hasValue(0);
    }

    @Test
    void whenTheExactVersionsDoNotFitTheNewSeriesDecide() {
        // given one byte less than the batch with its exact versions
        StoreCapacity capacity = new StoreCapacity(CERTAIN + EXACT_VERSIONS - 1, () -> 10);

        // when the batch starts no series, then it is taken after looking them up
        capacity.admit(READINGS, READING_BYTES, versions(), newSeries(0));
        assertThat(versionsAsked).hasValue(1);
        assertThat(seriesAsked).hasValue(1);
        // and when its new series do not fit, it is refused
        assertThatThrownBy(() -> capacity.admit(READINGS, READING_BYTES, versions(), newSeries(CERTAIN + EXACT_VERSIONS)))
                .isInstanceOf(StoreFullException.class);
    }

    @Test
    void noValidMetaIsEstimatedAboveTheLargestVersion() {
        // given the largest meta: the longest measurement, the most tags of the longest keys and values
        Map<String, String> tags = new TreeMap<>();
        for (int i = 0; i < Tags.MAX_TAGS; i++) {
            String key = "k" + i;
            tags.put(key + "x".repeat(Tags.MAX_KEY_LENGTH - key.length()), "v".repeat(Tags.MAX_VALUE_LENGTH));
        }
        SeriesMeta largest = new SeriesMeta("m".repeat(Tags.MAX_VALUE_LENGTH), new Tags(tags));

        assertThat(StoreCapacity.versionEstimate(largest)).isEqualTo(StoreCapacity.MAX_VERSION_ESTIMATE);
        assertThat(StoreCapacity.versionEstimate(SeriesMeta.of(Tags.of("building", "b7"))))
                .isLessThan(StoreCapacity.MAX_VERSION_ESTIMATE);
    }
}
