package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetentionPolicyTest {

    private static final Instant NOW = Instant.parse("2026-07-22T12:00:00Z");

    @Test
    void theDefaultKeepsNinetyDaysWithAnHourOfGraceAndAnHourOfFutureTolerance() {
        // when
        RetentionPolicy policy = RetentionPolicy.defaults();

        // then
        assertThat(policy.retention()).isEqualTo(Duration.ofDays(90));
        assertThat(policy.grace()).isEqualTo(Duration.ofHours(1));
        assertThat(policy.futureTolerance()).isEqualTo(Duration.ofHours(1));
        assertThat(RetentionPolicy.of(Duration.ofDays(7)).grace()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void aReadingExactlyRetentionOldIsKeptAndOneMillisecondOlderIsExpired() {
        // given
        RetentionPolicy policy = RetentionPolicy.defaults();
        Instant boundary = NOW.minus(Duration.ofDays(90));

        // when / then
        assertThat(policy.oldestKept(NOW)).isEqualTo(boundary);
        assertThat(policy.check(boundary, NOW)).isNull();
        assertThat(policy.check(boundary.plusMillis(1), NOW)).isNull();
        assertThat(policy.check(boundary.minusMillis(1), NOW)).isEqualTo(RejectionReason.EXPIRED);
        assertThat(policy.check(Instant.EPOCH, NOW)).isEqualTo(RejectionReason.EXPIRED);
    }

    @Test
    void aReadingExactlyTheToleranceAheadIsKeptAndOneMillisecondMoreIsFromTheFuture() {
        // given
        RetentionPolicy policy = RetentionPolicy.defaults();
        Instant boundary = NOW.plus(Duration.ofHours(1));

        // when / then
        assertThat(policy.check(NOW, NOW)).isNull();
        assertThat(policy.check(boundary, NOW)).isNull();
        assertThat(policy.check(boundary.plusMillis(1), NOW)).isEqualTo(RejectionReason.FUTURE);
    }

    @Test
    void aZeroFutureToleranceStillKeepsAReadingAtNow() {
        // given
        RetentionPolicy policy = new RetentionPolicy(Duration.ofDays(1), Duration.ZERO, Duration.ZERO);

        // when / then
        assertThat(policy.check(NOW, NOW)).isNull();
        assertThat(policy.check(NOW.plusMillis(1), NOW)).isEqualTo(RejectionReason.FUTURE);
    }

    @Test
    void theOldestKeptInstantMovesWithAnInjectedClock() {
        // given
        RetentionPolicy policy = RetentionPolicy.of(Duration.ofMinutes(10));
        Instant reading = NOW;
        Clock early = Clock.fixed(NOW, ZoneOffset.UTC);
        Clock tenMinutesLater = Clock.offset(early, Duration.ofMinutes(10));
        Clock oneMillisecondMore = Clock.offset(tenMinutesLater, Duration.ofMillis(1));

        // when / then
        assertThat(policy.check(reading, early.instant())).isNull();
        assertThat(policy.check(reading, tenMinutesLater.instant())).isNull();
        assertThat(policy.check(reading, oneMillisecondMore.instant())).isEqualTo(RejectionReason.EXPIRED);
    }

    @Test
    void aClockFinerThanMillisecondsExpiresTheMillisecondBeforeTheBoundaryEverywhere() {
        // given: a system clock on Linux ticks in microseconds
        RetentionPolicy policy = RetentionPolicy.of(Duration.ofDays(1));
        Instant now = NOW.plusNanos(500_000);
        Instant millisecondBeforeBoundary = NOW.minus(Duration.ofDays(1));

        // when
        RejectionReason onIngest = policy.check(millisecondBeforeBoundary, now);
        TimeRange queried = TimeRange.of(NOW.minus(Duration.ofDays(2)), NOW).startingNoEarlierThan(policy.oldestKept(now));

        // then: the reading refused as expired on ingest is not in the range a query may return
        assertThat(onIngest).isEqualTo(RejectionReason.EXPIRED);
        assertThat(queried.contains(millisecondBeforeBoundary.toEpochMilli())).isFalse();
        assertThat(queried.contains(millisecondBeforeBoundary.toEpochMilli() + 1)).isTrue();
        assertThat(policy.check(millisecondBeforeBoundary.plusMillis(1), now)).isNull();
    }

    @Test
    void anAdmissionChecksABatchAgainstOneInstantWithTheSameBoundaries() {
        // given
        RetentionPolicy policy = RetentionPolicy.defaults();

        // when
        RetentionPolicy.Admission admission = policy.admission(NOW);

        // then
        assertThat(admission.oldest()).isEqualTo(NOW.minus(Duration.ofDays(90)));
        assertThat(admission.newest()).isEqualTo(NOW.plus(Duration.ofHours(1)));
        assertThat(admission.check(admission.oldest())).isNull();
        assertThat(admission.check(admission.oldest().minusMillis(1))).isEqualTo(RejectionReason.EXPIRED);
        assertThat(admission.check(admission.newest())).isNull();
        assertThat(admission.check(admission.newest().plusMillis(1))).isEqualTo(RejectionReason.FUTURE);
    }

    @Test
    void aSubMillisecondReadingTimeJustPastTheBoundaryIsExpiredLikeTheMillisecondItTruncatesTo() {
        // given
        RetentionPolicy policy = RetentionPolicy.of(Duration.ofDays(1));
        Instant now = NOW.plusNanos(500_000);
        Instant time = NOW.minus(Duration.ofDays(1)).plusNanos(700_000);

        // when / then
        assertThat(policy.check(time, now)).isEqualTo(RejectionReason.EXPIRED)
                .isEqualTo(policy.check(Reading.truncate(time), now));
    }

    @Test
    void storageIsReclaimableOnlyAfterRetentionPlusGrace() {
        // given
        RetentionPolicy policy = new RetentionPolicy(Duration.ofDays(1), Duration.ofHours(2), Duration.ZERO);

        // when / then
        assertThat(policy.reclaimableBefore(NOW)).isEqualTo(NOW.minus(Duration.ofDays(1)).minus(Duration.ofHours(2)));
    }

    @Test
    void invalidDurationsAreRefused() {
        assertThatThrownBy(() -> RetentionPolicy.of(Duration.ZERO)).hasMessage("retention 0s must be positive");
        assertThatThrownBy(() -> RetentionPolicy.of(Duration.ofDays(-1))).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> new RetentionPolicy(Duration.ofDays(1), Duration.ofSeconds(-1), Duration.ZERO))
                .hasMessage("grace -1s must not be negative");
        assertThatThrownBy(() -> new RetentionPolicy(Duration.ofDays(1), Duration.ZERO, Duration.ofSeconds(-1)))
                .hasMessage("future tolerance -1s must not be negative");
        assertThatThrownBy(() -> new RetentionPolicy(null, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(NullPointerException.class);
    }
}
