package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SealPolicyTest {

    private static final BucketPolicy.Windowed HOURLY = BucketPolicy.defaults();
    private static final long NINE = Instant.parse("2026-01-01T09:00:00Z").toEpochMilli();

    @Test
    void aWindowIsSealableOnceItHasEndedAndTheAllowanceHasPassed() {
        SealPolicy seal = SealPolicy.defaults();

        assertThat(seal.isSealable(HOURLY, NINE, 1, Instant.parse("2026-01-01T10:09:59.999Z"))).isFalse();
        assertThat(seal.isSealable(HOURLY, NINE, 1, Instant.parse("2026-01-01T10:10:00Z"))).isTrue();
    }

    @Test
    void anImmediatePolicySealsAWindowAtItsEnd() {
        SealPolicy seal = SealPolicy.immediate();

        assertThat(seal.isSealable(HOURLY, NINE, 1, Instant.parse("2026-01-01T09:59:59.999Z"))).isFalse();
        assertThat(seal.isSealable(HOURLY, NINE, 1, Instant.parse("2026-01-01T10:00:00Z"))).isTrue();
    }

    @Test
    void aPageIsSealableWhenFullWhateverTheTime() {
        SealPolicy seal = SealPolicy.defaults();
        BucketPolicy paged = BucketPolicy.paged(3);

        assertThat(seal.isSealable(paged, NINE, 2, Instant.parse("2030-01-01T00:00:00Z"))).isFalse();
        assertThat(seal.isSealable(paged, NINE, 3, Instant.parse("2026-01-01T09:00:00Z"))).isTrue();
    }

    @Test
    void aWindowWhoseEndOverflowsIsNotSealableToday() {
        BucketPolicy.Windowed wide = BucketPolicy.windowed(Duration.ofDays(365), 10);
        long start = wide.windowStart(Long.MAX_VALUE - 1);

        assertThat(SealPolicy.immediate().isSealable(wide, start, 1, Instant.parse("2026-01-01T00:00:00Z"))).isFalse();
    }

    @Test
    void aNegativeAllowanceIsRefusedInTheUsersWords() {
        assertThatThrownBy(() -> new SealPolicy(Duration.ofMinutes(-1)))
                .hasMessage("sealAfter -1m must not be negative");
    }

    @Test
    void theRuleByAPrecomputedEndAgreesWithTheRuleByTheInstant() {
        SealPolicy seal = SealPolicy.defaults();
        Instant now = Instant.parse("2026-01-01T10:10:00Z");
        long end = seal.sealableEnd(now);

        assertThat(seal.isSealableBy(HOURLY, NINE, 1, end)).isTrue();
        assertThat(seal.isSealableBy(HOURLY, NINE, 1, end - 1)).isFalse();
        assertThat(seal.isSealableBy(BucketPolicy.paged(3), NINE, 3, Long.MIN_VALUE)).isTrue();
    }
}
