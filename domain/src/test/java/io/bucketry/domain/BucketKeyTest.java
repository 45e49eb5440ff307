package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BucketKeyTest {

    @Test
    void theNextOverflowBucketOfAWindowHasTheNextSequenceNumber() {
        BucketKey key = new BucketKey(SeriesId.of("s"), 3_600_000, 0);

        assertThat(key.next()).isEqualTo(new BucketKey(SeriesId.of("s"), 3_600_000, 1));
        assertThat(key.next()).hasToString("s@1970-01-01T01:00:00Z#1");
    }

    @Test
    void aSequenceNumberIsNeverNegative() {
        assertThatThrownBy(() -> new BucketKey(SeriesId.of("s"), 0, -1)).hasMessageContaining("must not be negative");
    }
}
