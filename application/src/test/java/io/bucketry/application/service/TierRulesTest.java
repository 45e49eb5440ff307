package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules that wire rollup tiers to a store and choose a query's sources, each at its boundary. */
class TierRulesTest {

    private static final Instant NOW = Instant.parse("2026-01-10T00:00:00Z");
    private static final RetentionPolicy RAW = new RetentionPolicy(Duration.ofDays(3), Duration.ofDays(1), Duration.ofHours(1));
    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(Duration.ofHours(1), Duration.ofDays(30)),
            new RollupTier(Duration.ofDays(1), Duration.ofDays(60))));
    private static final Instant OLDEST = Instant.parse("2026-01-07T00:00:00Z");

    @Test
    void aWindowNoTierMakesUpIsRefusedBeforeTheRetentionNamingTheTiersThatExist() {
        TimeRange range = TimeRange.of(OLDEST.minus(Duration.ofDays(1)), NOW);

        assertThatThrownBy(() -> SourcePlan.of(range, Duration.ofMinutes(7), TIERS, RAW, NOW))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("7m windows cannot be computed from 2026-01-06T00:00:00Z: readings before 2026-01-07T00:00:00Z"
                        + " are past the retention of 3d and kept only as rollups of 1h, 1d windows (as long as each rollup's"
                        + " retention); ask for windows that are a multiple of one of those, or start at or after 2026-01-07T00:00:00Z");
    }

    @Test
    void aBoundCuttingATierWindowBeforeTheRetentionIsRefusedWithTheTwoAlignedBoundsToUseInstead() {
        TimeRange range = TimeRange.of(Instant.parse("2026-01-06T05:30:00Z"), NOW);

        assertThatThrownBy(() -> SourcePlan.of(range, Duration.ofHours(1), TIERS, RAW, NOW))
                .hasMessageContaining("the range bound 2026-01-06T05:30:00Z cuts a 1h rollup window")
                .hasMessageEndingWith("use 2026-01-06T05:00:00Z or 2026-01-06T06:00:00Z instead");
    }

    @Test
    void aRangeOverTheRetentionIsTheTierForItsWholeWindowsAndRawReadingsForTheCutTail() {
        Instant to = NOW.minus(Duration.ofMinutes(30));

        SourcePlan plan = SourcePlan.of(TimeRange.of(OLDEST.minus(Duration.ofDays(2)), to), Duration.ofDays(1), TIERS, RAW, NOW);

        assertThat(plan.tier().window()).isEqualTo(Duration.ofDays(1));
        assertThat(plan.head()).isNull();
        assertThat(plan.tiered()).isEqualTo(TimeRange.of(OLDEST.minus(Duration.ofDays(2)), NOW.minus(Duration.ofDays(1))));
        assertThat(plan.tail()).isEqualTo(TimeRange.of(NOW.minus(Duration.ofDays(1)), to));
    }

    @Test
    void tiersThatForgetBeforeTheRawReadingsDoAreRefused() {
        RollupTiers short1h = new RollupTiers(List.of(new RollupTier(Duration.ofHours(1), Duration.ofDays(2))));

        assertThatThrownBy(() -> over(new ListReadingStore(BucketPolicy.defaults()), RAW, short1h, new ListRollupStore()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keeps its windows for less than the retention of 3d of the raw readings");
    }

    @Test
    void aGraceAsLongAsTheLargestRollupWindowIsEnoughAndAShorterOneIsRefused() {
        RetentionPolicy shorter = new RetentionPolicy(Duration.ofDays(3), Duration.ofHours(23), Duration.ofHours(1));

        assertThat(over(new ListReadingStore(BucketPolicy.defaults()), RAW, TIERS, new ListRollupStore())).isNotNull();
        assertThatThrownBy(() -> over(new ListReadingStore(BucketPolicy.defaults()), shorter, TIERS, new ListRollupStore()))
                .hasMessage("a grace of 23h is shorter than the largest rollup window 1d: a late reading's window could no"
                        + " longer be recomputed whole; give a grace of at least that");
    }

    @Test
    void withoutTiersTheRollupStoreIsNeverUsed() {
        StoreRollups untouchable = (StoreRollups) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {StoreRollups.class}, (proxy, method, args) -> {
                    throw new AssertionError("rollup store called: " + method.getName());
                });
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());

        UseCases use = over(store, RAW, RollupTiers.none(), untouchable);
        use.ingest().ingest(List.of(reading(NOW.minusSeconds(60))));

        assertThat(use.read().read(SERIES, NOW.minusSeconds(120), NOW, 10)).hasSize(1);
        assertThat(use.reclaim().reclaim()).isZero();
    }

    @Test
    void reclaimingWithTiersAnswersHowManyBucketsTheStoreRemoved() {
        MutableClock clock = new MutableClock(NOW);
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        UseCases use = UseCases.over(store, ApplicationSettings.defaults().withRetention(RAW), clock, null, TIERS,
                new ListRollupStore());
        use.ingest().ingest(List.of(reading(NOW.minusSeconds(3 * 3600)), reading(NOW.minusSeconds(1800))));   // two hours: two buckets

        clock.advance(Duration.ofDays(5));

        assertThat(use.reclaim().reclaim()).isEqualTo(2);
    }

    private static final SeriesId SERIES = new SeriesId("tier-rules");

    private static ReadingInput reading(Instant time) {
        return Fixtures.input(Fixtures.value(SERIES, time, 1.0));
    }

    private static UseCases over(ListReadingStore store, RetentionPolicy retention, RollupTiers tiers, StoreRollups rollups) {
        return UseCases.over(store, ApplicationSettings.defaults().withRetention(retention), new MutableClock(NOW), null, tiers,
                rollups);
    }
}
