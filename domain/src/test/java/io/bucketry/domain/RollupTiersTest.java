package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RollupTiersTest {

    private static final RollupTier HOUR = new RollupTier(Duration.ofHours(1), Duration.ofDays(730));
    private static final RollupTier DAY = new RollupTier(Duration.ofDays(1), Duration.ofDays(3650));
    private static final Instant NOW = Instant.parse("2030-07-22T10:30:00Z");

    @Test
    void tiersAreKeptFinestFirstWhateverOrderTheyAreGivenIn() {
        RollupTiers tiers = new RollupTiers(List.of(DAY, HOUR));
        assertThat(tiers.tiers()).containsExactly(HOUR, DAY);
        assertThat(tiers.finest()).isEqualTo(HOUR);
        assertThat(tiers.largestWindow()).isEqualTo(Duration.ofDays(1));
        assertThat(RollupTiers.none().largestWindow()).isZero();
    }

    @Test
    void windowsThatAreNotMultiplesOfEachOtherOrRepeatedAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RollupTiers(List.of(HOUR,
                new RollupTier(Duration.ofMinutes(90), Duration.ofDays(800))))).withMessageContaining("90m is not a whole multiple of rollup window 1h");
        assertThatIllegalArgumentException().isThrownBy(() -> new RollupTiers(List.of(HOUR, HOUR)))
                .withMessageContaining("two rollup tiers have the window 1h");
    }

    @Test
    void aWindowUnderAMinuteOrNotWholeMinutesOrARetentionShorterThanItsWindowIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RollupTier(Duration.ofSeconds(30), Duration.ofDays(1)))
                .withMessageContaining("rollup window 30s must be a whole number of minutes (at least 1m)");
        assertThatIllegalArgumentException().isThrownBy(() -> new RollupTier(Duration.ofSeconds(90), Duration.ofDays(1)))
                .withMessageContaining("90s");
        assertThatIllegalArgumentException().isThrownBy(() -> new RollupTier(Duration.ofDays(2), Duration.ofDays(1)))
                .withMessageContaining("shorter than its window 2d");
    }

    @Test
    void aTierThatForgetsBeforeTheRawReadingsIsRefused() {
        RollupTiers tiers = new RollupTiers(List.of(new RollupTier(Duration.ofHours(1), Duration.ofDays(30))));
        assertThatIllegalArgumentException().isThrownBy(() -> tiers.requireOutlive(RetentionPolicy.defaults()))
                .withMessageContaining("less than the retention of 90d");
        tiers.requireOutlive(RetentionPolicy.of(Duration.ofDays(30)));
    }

    @Test
    void aTierAnswersWholeWindowsFromTheFirstStartingAtOrAfterNowMinusItsRetention() {
        assertThat(HOUR.oldestKept(NOW)).isEqualTo(Instant.parse("2028-07-22T11:00:00Z"));
        assertThat(HOUR.oldestKept(Instant.parse("2030-07-22T10:00:00Z"))).isEqualTo(Instant.parse("2028-07-22T10:00:00Z"));
    }

    @Test
    void aTierAnswersNoWindowBeforeTheOneItHoldsEveryWindowFrom() {
        RollupTier late = HOUR.coveringSince(Instant.parse("2030-07-22T09:10:00Z"));
        assertThat(late.oldestKept(NOW)).isEqualTo(Instant.parse("2030-07-22T10:00:00Z"));
        assertThat(HOUR.coveredSince()).isEqualTo(RollupTier.ALWAYS);
        RollupTiers tiers = new RollupTiers(List.of(HOUR, DAY)).coveringSince(t -> Instant.parse("2030-07-22T00:00:00Z"));
        assertThat(tiers.tiers()).extracting(t -> t.oldestKept(NOW))
                .containsExactly(Instant.parse("2030-07-22T00:00:00Z"), Instant.parse("2030-07-22T00:00:00Z"));
    }

    @Test
    void theCoarsestTierThatMakesUpTheWindowAndReachesTheStartIsChosen() {
        RollupTiers tiers = new RollupTiers(List.of(HOUR, DAY));
        Instant lastYear = NOW.minus(Duration.ofDays(365));
        Instant fiveYearsAgo = NOW.minus(Duration.ofDays(5 * 365));
        assertThat(tiers.coarsestFor(Duration.ofDays(7), lastYear, NOW)).contains(DAY);
        assertThat(tiers.coarsestFor(Duration.ofHours(6), lastYear, NOW)).contains(HOUR);
        assertThat(tiers.coarsestFor(Duration.ofHours(6), fiveYearsAgo, NOW)).isEmpty();
        assertThat(tiers.coarsestFor(Duration.ofMinutes(7), lastYear, NOW)).isEmpty();
        assertThat(tiers.oldestFor(Duration.ofDays(2), NOW)).contains(DAY.oldestKept(NOW));
        assertThat(tiers.oldestFor(Duration.ofMinutes(30), NOW)).isEmpty();
    }
}
