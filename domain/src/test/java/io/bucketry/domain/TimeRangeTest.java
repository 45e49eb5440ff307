package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TimeRangeTest {

    @Test
    void aRangeIsHalfOpen() {
        // given
        TimeRange range = TimeRange.of(Instant.ofEpochMilli(1000), Instant.ofEpochMilli(2000));

        // when / then
        assertThat(range.contains(999)).isFalse();
        assertThat(range.contains(1000)).isTrue();
        assertThat(range.contains(1999)).isTrue();
        assertThat(range.contains(2000)).isFalse();
        assertThat(range.fromMilli()).isEqualTo(1000);
        assertThat(range.toMilli()).isEqualTo(2000);
        assertThat(range).hasToString("[1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z)");
    }

    @Test
    void boundsFinerThanAMillisecondAreRoundedUpSoTheRangeHoldsExactlyTheMillisecondsItCovers() {
        // when: [1000.000001 ms, 2000.000001 ms)
        TimeRange range = TimeRange.of(Instant.ofEpochMilli(1000).plusNanos(1), Instant.ofEpochMilli(2000).plusNanos(1));

        // then: a reading at 1000 ms lies before the range, one at 2000 ms inside it
        assertThat(range.from()).isEqualTo(Instant.ofEpochMilli(1001));
        assertThat(range.to()).isEqualTo(Instant.ofEpochMilli(2001));
        assertThat(range.contains(1000)).isFalse();
        assertThat(range.contains(2000)).isTrue();
        assertThat(TimeRange.of(Instant.ofEpochMilli(-1).minusNanos(1), Instant.EPOCH).from())
                .isEqualTo(Instant.ofEpochMilli(-1));
        assertThat(TimeRange.ceilToMillis(Instant.ofEpochMilli(7))).isEqualTo(Instant.ofEpochMilli(7));
    }

    @Test
    void movingTheStartUpToASubMillisecondInstantLeavesOutTheMillisecondBeforeIt() {
        // given
        TimeRange range = TimeRange.of(Instant.ofEpochMilli(1000), Instant.ofEpochMilli(2000));

        // when
        TimeRange moved = range.startingNoEarlierThan(Instant.ofEpochMilli(1500).plusNanos(500_000));

        // then
        assertThat(moved.contains(1500)).isFalse();
        assertThat(moved.contains(1501)).isTrue();
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(1999).plusNanos(1))).isNull();
    }

    @Test
    void aRangeWhoseStartIsNotBeforeItsEndIsRefused() {
        assertThatThrownBy(() -> TimeRange.of(Instant.ofEpochMilli(5), Instant.ofEpochMilli(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not before its end");
        assertThatThrownBy(() -> TimeRange.of(Instant.ofEpochMilli(6), Instant.ofEpochMilli(5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TimeRange.of(Instant.ofEpochMilli(5).plusNanos(1), Instant.ofEpochMilli(5).plusNanos(2)))
                .as("equal once truncated").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TimeRange.of(null, Instant.EPOCH)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void rangesBeforeTheEpochWork() {
        TimeRange range = TimeRange.of(Instant.ofEpochMilli(-10), Instant.ofEpochMilli(-5));
        assertThat(range.contains(-10)).isTrue();
        assertThat(range.contains(-5)).isFalse();
    }

    @Test
    void movingTheStartUpKeepsARangeAlreadyLaterAndCutsOrDropsAnEarlierOne() {
        // given
        TimeRange range = TimeRange.of(Instant.ofEpochMilli(1000), Instant.ofEpochMilli(2000));

        // when / then
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(500))).isSameAs(range);
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(1000))).isSameAs(range);
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(1500)))
                .isEqualTo(TimeRange.of(Instant.ofEpochMilli(1500), Instant.ofEpochMilli(2000)));
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(1999)).contains(1999)).isTrue();
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(2000))).isNull();
        assertThat(range.startingNoEarlierThan(Instant.ofEpochMilli(3000))).isNull();
    }
}
