package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SealPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** How often the sealed layout sweeps, and which windows writers treat as possibly sealed. */
class SealingScheduleTest {

    private static final BucketPolicy.Windowed HOURS = BucketPolicy.windowed(Duration.ofHours(1), 1000);

    @Test
    void theSweepRunsEveryMinuteOrHalfTheSealDelayButNeverMoreThanOnceASecond() {
        assertThat(schedule(Duration.ofMinutes(10), Instant.EPOCH).period()).isEqualTo(Duration.ofMinutes(1));
        assertThat(schedule(Duration.ofSeconds(40), Instant.EPOCH).period()).isEqualTo(Duration.ofSeconds(20));
        assertThat(schedule(Duration.ZERO, Instant.EPOCH).period()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aWindowCountsAsPossiblySealedAMinuteBeforeThisClockSaysSo() {
        // the window [00:00, 01:00) may be sealed from 01:10 on; writers read first from 01:09 on
        Instant start = Instant.parse("2030-01-01T00:00:00Z");
        assertThat(schedule(Duration.ofMinutes(10), start.plus(Duration.ofMinutes(68))).mayBeSealed(start.toEpochMilli())).isFalse();
        assertThat(schedule(Duration.ofMinutes(10), start.plus(Duration.ofMinutes(69))).mayBeSealed(start.toEpochMilli())).isTrue();
    }

    private static SealingSchedule schedule(Duration sealAfter, Instant now) {
        return new SealingSchedule(new WindowSealer(null, HOURS, new SealPolicy(sealAfter)), HOURS, new CommandCounter(),
                new MutableClock(now), true);
    }
}
