package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.in.TimeBound;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rollup tiers over one backend: every tier window equals a recomputation from the raw readings
 * after late readings, duplicates, deletes, failures between the steps and retries; aggregations
 * answer what a brute force over the raw readings gives, whichever source serves them, and keep
 * answering from the tiers after the raw readings expire. A backend's test opens its store and
 * its rollup store on fresh places.
 */
public abstract class RollupTiersContract implements TaggedTiersContract {

    protected static final Duration RETENTION = Duration.ofDays(3);
    protected static final RetentionPolicy POLICY = new RetentionPolicy(RETENTION, Duration.ofDays(1).plusHours(1),
            Duration.ofHours(1));
    protected static final RollupTiers TIERS = new RollupTiers(List.of(
            new RollupTier(Duration.ofHours(1), Duration.ofDays(30)), new RollupTier(Duration.ofDays(1), Duration.ofDays(60))));
    private static final List<Duration> WINDOWS = List.of(Duration.ofMinutes(5), Duration.ofMinutes(7), Duration.ofHours(1),
            Duration.ofHours(2), Duration.ofHours(5), Duration.ofDays(1), Duration.ofDays(2));
    private static final SeriesId ONE_INSTANT = SeriesId.of("tiers-one-instant");

    protected final MutableClock clock = new MutableClock(Fixtures.NOW);
    private final List<AutoCloseable> opened = new ArrayList<>();

    /** A new, empty store of readings with {@code retention}, on a fresh place. */
    protected abstract ReadingStore openStore(RetentionPolicy retention);

    /** A new, empty rollup store beside {@code store} (opened by {@link #openStore}). */
    protected abstract StoreRollups openRollups(ReadingStore store);

    /**
     * {@code rollups}, opened again beside {@code store} as a restart would (by default by
     * {@link #openRollups}); a store where nothing is durable answers the same object.
     */
    protected StoreRollups reopenRollups(ReadingStore store, StoreRollups rollups) {
        return openRollups(store);
    }

    /** Registers {@code resource} to be closed after the test. */
    protected final <T extends AutoCloseable> T closeAfter(T resource) {
        opened.add(resource);
        return resource;
    }

    @AfterEach
    void closeOpened() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    protected UseCases useCases(ReadingStore store, StoreRollups rollups) {
        return UseCases.over(store, ApplicationSettings.defaults().withRetention(POLICY), clock, null, TIERS, rollups);
    }

    private ReadingStore store() {
        return closeAfter(openStore(POLICY));
    }

    @Override
    public ReadingStore tieredStore() {
        return store();
    }

    @Override
    public StoreRollups rollupsBeside(ReadingStore store) {
        return openRollups(store);
    }

    @Override
    public UseCases tieredUseCases(ReadingStore store, StoreRollups rollups) {
        return useCases(store, rollups);
    }

    @Override
    public MutableClock tierClock() {
        return clock;
    }

    @Test
    public void aggregatesEqualABruteForceWhicheverSourceServesThem() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        UseCases use = useCases(store, rollups);
        TieredData data = TieredData.random(random, 4, 600, clock.instant());
        data.ingestInBatches(use, random, () -> use.reclaim().reclaim());
        for (int query = 0; query < 40; query++) {
            Duration window = WINDOWS.get(random.nextInt(WINDOWS.size()));
            Instant oldest = POLICY.oldestKept(clock.instant());
            Instant from = oldest.plusMillis((long) (random.nextDouble() * Duration.ofDays(3).toMillis()));
            Instant to = from.plusMillis(1 + (long) (random.nextDouble() * Duration.ofDays(3).toMillis()));
            if (random.nextBoolean()) {   // aligned bounds, so that whole tier windows serve
                from = align(from, Duration.ofHours(1)).plus(Duration.ofHours(1));
                to = align(to, Duration.ofHours(1)).plus(Duration.ofHours(1));
                to = to.isAfter(from) ? to : from.plus(Duration.ofHours(1));
            }
            SeriesId series = data.series().get(random.nextInt(data.series().size()));
            String where = "seed " + seed + ", query " + query + ": " + window + " over [" + from + ", " + to + ")";
            assertSameWindows(use.aggregate().aggregate(series, from, to, window),
                    BruteForce.windows(data.kept(series), from, to, window), where);
            assertSameWindows(use.aggregateAll().aggregateAll(from, to, window),
                    BruteForce.windows(data.kept(), from, to, window), where + " (all series)");
        }
        use.reclaim().reclaim();   // settles what the last batches left pending
        assertTiersEqualRecomputation(rollups, data.kept(), "seed " + seed);
    }

    @Test
    public void groupsOverARangeThatCutsATierWindowReadRawAndAreRefusedWhereOnlyTheTiersHoldIt() {
        ReadingStore store = store();
        ContractSupport.assumeCapability(store, Capability.TAGS);
        // given: two sensors of building 7 for two hours, the second hour's readings sent without tags
        StoreRollups rollups = openRollups(store);
        UseCases use = useCases(store, rollups);
        String prefix = Fixtures.freshPrefix("tiered");
        Instant start = align(clock.instant().minus(Duration.ofHours(3)), Duration.ofHours(1));
        List<ReadingInput> inputs = new ArrayList<>();
        for (int minute = 0; minute < 120; minute++) {
            for (String sensor : List.of("a", "b")) {
                inputs.add(new ReadingInput(prefix + sensor, start.plus(Duration.ofMinutes(minute)),
                        Map.of("value", (double) minute), minute < 60 ? Map.of("building", "7") : null, null));
            }
        }
        assertThat(use.ingest().ingest(inputs).rejected()).isEmpty();
        use.reclaim().reclaim();
        List<Reading> kept = new ArrayList<>();
        for (String sensor : List.of("a", "b")) {
            kept.addAll(use.read().read(new SeriesId(prefix + sensor), null, null, 1000));
        }

        // when: a range that ends inside a tier window, which the raw readings still hold
        Instant end = start.plus(Duration.ofHours(2)).minusSeconds(90);
        List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"), start,
                end, Duration.ofHours(1), GapFill.none());

        // then: the readings sent without tags took the series' latest, and the groups equal a brute force
        assertThat(kept).hasSize(240).allMatch(r -> "7".equals(r.meta().tags().get("building")));
        assertThat(groups).singleElement().satisfies(group -> assertSameWindows(group.windows(),
                BruteForceGroups.groups(kept, TagFilter.ANY, List.of("building"), start, end,
                        Duration.ofHours(1)).get(0).windows()));
        // a range from what only the tiers hold to inside a tier window the raw readings hold cannot merge the two
        Instant rawOldest = POLICY.oldestKept(clock.instant());
        Instant tierStart = align(rawOldest, Duration.ofHours(1)).minus(Duration.ofDays(1));
        Instant cut = align(rawOldest, Duration.ofHours(1)).plus(Duration.ofHours(2)).plusSeconds(90);
        assertThatThrownBy(() -> use.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"), tierStart, cut,
                Duration.ofHours(1), GapFill.none()))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"))
                .hasMessageContaining("needs a range of whole 1h windows")
                .hasMessageContaining("kept since " + rawOldest)
                .hasMessageContaining("end the range at " + align(cut, Duration.ofHours(1)));
    }

    @Test
    public void lateAndDuplicateReadingsLeaveEveryTierEqualToARecomputation() {
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        UseCases use = useCases(store, rollups);
        SeriesId series = SeriesId.of("tiers-late");
        Instant hour = Fixtures.BASE.plus(Duration.ofHours(5));
        List<Reading> all = new ArrayList<>();
        all.add(Fixtures.value(series, hour.plusSeconds(600), 2.0));
        ContractSupport.ingest(use, List.copyOf(all));
        use.reclaim().reclaim();
        List<Reading> late = List.of(Fixtures.value(series, hour.plusSeconds(60), 1.0),      // late, earlier in the hour
                Fixtures.value(series, hour.plusSeconds(600), 99.0));                          // duplicate: the first wins
        all.addAll(late);
        assertThat(ContractSupport.ingest(use, late).duplicates()).isEqualTo(1);
        use.reclaim().reclaim();
        assertTiersEqualRecomputation(rollups, BruteForce.firstWins(all), "late and duplicate");
        List<WindowAggregate> hourly = rollups.read(series, Duration.ofHours(1), new TimeRange(hour, hour.plus(Duration.ofHours(1))));
        assertThat(hourly).singleElement().satisfies(w -> {
            assertThat(w.count()).isEqualTo(2);
            assertThat(w.fields().get("value").first()).isEqualTo(1.0);
            assertThat(w.fields().get("value").max()).isEqualTo(2.0);
        });
    }

    @Test
    public void aDeletedSeriesLeavesNoTierWindowAndAnswersNothing() {
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        UseCases use = useCases(store, rollups);
        SeriesId gone = SeriesId.of("tiers-gone");
        SeriesId kept = SeriesId.of("tiers-kept");
        List<Reading> keptReadings = List.of(Fixtures.value(kept, Fixtures.BASE.plusSeconds(10), 3.0));
        ContractSupport.ingest(use, List.of(Fixtures.value(gone, Fixtures.BASE.plusSeconds(10), 1.0),
                Fixtures.value(gone, Fixtures.BASE.plusSeconds(7200), 2.0)));
        ContractSupport.ingest(use, keptReadings);
        use.reclaim().reclaim();
        assertThat(use.delete().delete(gone)).isEqualTo(2);
        use.reclaim().reclaim();
        assertThat(use.aggregate().aggregate(gone, Fixtures.BASE, Fixtures.NOW, Duration.ofDays(1))).isEmpty();
        assertTiersEqualRecomputation(rollups, keptReadings, "after delete");
    }

    @Test
    public void aFailureBetweenTheRawWriteAndTheTierWriteIsRepairedAndARetryStoresNothingTwice() {
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        SeriesId series = SeriesId.of("tiers-crash");
        List<Reading> batch = List.of(Fixtures.value(series, Fixtures.BASE.plusSeconds(30), 4.0),
                Fixtures.value(series, Fixtures.BASE.plus(Duration.ofHours(3)), 5.0));
        UseCases crashing = useCases(new FailingAfterStore(store), rollups);
        assertThatThrownBy(() -> crashing.ingest().ingest(Fixtures.inputs(batch)))
                .isInstanceOf(FailingAfterStore.InjectedFailure.class);
        // a restart: a new process over the same places, with nothing in memory about the failed batch
        StoreRollups reopened = reopenRollups(store, rollups);
        UseCases restarted = useCases(store, reopened);
        assertSameWindows(restarted.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, Duration.ofDays(1)),
                BruteForce.windows(batch, Fixtures.BASE, Fixtures.NOW, Duration.ofDays(1)), "served after the failure");
        assertThat(ContractSupport.ingest(restarted, batch).duplicates()).as("the retried batch").isEqualTo(2);
        restarted.reclaim().reclaim();
        assertTiersEqualRecomputation(reopened, batch, "after the failure and the retry");
    }

    @Test
    public void aFailedTierWriteIsRepairedByTheNextReclaim() {
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        FailingRollups failing = new FailingRollups(rollups);
        UseCases use = useCases(store, failing);
        SeriesId series = SeriesId.of("tiers-tierfail");
        List<Reading> batch = List.of(Fixtures.value(series, Fixtures.BASE.plusSeconds(30), 6.0));
        ContractSupport.ingest(use, batch);
        failing.failNextReplace();
        assertThatThrownBy(() -> use.reclaim().reclaim()).isInstanceOf(FailingAfterStore.InjectedFailure.class);
        use.reclaim().reclaim();
        assertTiersEqualRecomputation(rollups, batch, "after a failed tier write");
    }

    @Test
    public void tiersKeepAnsweringAfterTheRawReadingsExpireAndRefuseWhatTheyCannotAnswer() {
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        UseCases use = useCases(store, rollups);
        Random random = new Random(42);
        TieredData data = TieredData.random(random, 2, 300, clock.instant());
        data.ingestInBatches(use, random, () -> { });
        Instant from = Fixtures.BASE.minus(Duration.ofDays(2));
        Instant to = Fixtures.NOW;
        clock.advance(Duration.ofDays(5));   // every raw reading is now past retention
        use.reclaim().reclaim();
        assertThat(use.read().read(data.series().get(0), from, to, 10)).as("raw readings past retention").isEmpty();
        for (Duration window : List.of(Duration.ofHours(1), Duration.ofHours(6), Duration.ofDays(1))) {
            assertSameWindows(use.aggregateAll().aggregateAll(from, to, window), BruteForce.windows(data.kept(), from, to, window),
                    window + " from the tiers alone");
        }
        assertThatThrownBy(() -> use.aggregateAll().aggregateAll(from, to, Duration.ofMinutes(7)))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("7m windows cannot be computed")
                .hasMessageContaining("multiple of one of those");
        assertThatThrownBy(() -> use.aggregate().aggregate(data.series().get(0), from.plusSeconds(90), to, Duration.ofHours(1)))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("cuts a 1h rollup window");
    }

    @Test
    public void aFillThatLooksForNeighboursIsRefusedWhereOnlyTheTiersAnswer() {
        ReadingStore store = store();
        UseCases use = useCases(store, openRollups(store));
        SeriesId series = SeriesId.of("tiers-fill");
        ContractSupport.ingest(use, List.of(Fixtures.value(series, Fixtures.BASE.plusSeconds(60), 1.0),
                Fixtures.value(series, Fixtures.BASE.plus(Duration.ofHours(3)), 2.0)));
        clock.advance(Duration.ofDays(5));   // every raw reading is now past retention
        use.reclaim().reclaim();
        Instant from = Fixtures.BASE;
        Instant to = Fixtures.BASE.plus(Duration.ofHours(6));

        assertThat(use.aggregate().aggregate(series, from, to, Duration.ofHours(1), new GapFill(FillMode.NULL, null)))
                .as("fill=null needs no neighbours").hasSize(6);
        for (FillMode mode : List.of(FillMode.PREVIOUS, FillMode.LINEAR)) {
            assertThatThrownBy(() -> use.aggregate().aggregate(series, from, to, Duration.ofHours(1), new GapFill(mode, null)))
                    .as(mode.name()).isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("only the rollup tiers still answer");
        }
        Instant oldest = POLICY.oldestKept(clock.instant());
        assertThat(use.aggregate().aggregate(series, oldest, null, Duration.ofHours(1), new GapFill(FillMode.PREVIOUS, null)))
                .as("a range from the oldest raw reading on is filled as before").isNotNull();
        assertThat(use.aggregate().aggregate(series, (Instant) null, null, Duration.ofHours(1), new GapFill(FillMode.PREVIOUS, null)))
                .as("no from: the retention's start, whatever the clock did since").isNotNull();
        assertThat(use.aggregate().aggregate(series, oldest.minus(Duration.ofHours(1)), null, Duration.ofHours(1),
                new GapFill(FillMode.PREVIOUS, null))).as("a window before the oldest raw reading").isNotNull();
    }

    @Test
    public void withoutFromWindowsNoTierServesStartAtTheRetentionOfTheRequestsOneInstant() {
        // given: a clock a millisecond later at every read, and one reading three hours ago
        UseCases use = useCasesOnATickingClock();

        // when / then: the range starts at the raw retention the plan of the sources sees too
        assertThat(use.aggregate().aggregate(ONE_INSTANT, null, null, Duration.ofMinutes(7))).hasSize(1);
        assertThat(use.aggregateAll().aggregateAll(null, null, Duration.ofMinutes(7))).hasSize(1);
    }

    @Test
    public void withoutFromTierWindowsAreNotCutByTheClockMovingDuringTheRequest() {
        // given
        UseCases use = useCasesOnATickingClock();

        // when / then: the unaligned start at the raw retention is served by the raw readings, not refused
        assertThat(use.aggregate().aggregate(ONE_INSTANT, null, null, Duration.ofHours(1))).hasSize(1);
        assertThat(use.aggregateAll().aggregateAll(null, null, Duration.ofHours(1))).hasSize(1);
    }

    @Test
    public void aFillLooksForNeighboursBackToTheRetentionOfTheRequestsOneInstant() {
        // given
        UseCases use = useCasesOnATickingClock();
        Instant dayAgo = align(Fixtures.NOW.minus(Duration.ofDays(1)), Duration.ofHours(1));

        // when / then: the neighbours' range starts at the raw retention, which the plan of the sources agrees on
        for (FillMode mode : List.of(FillMode.PREVIOUS, FillMode.LINEAR)) {
            Instant to = dayAgo.plus(Duration.ofHours(1));
            assertThat(use.aggregate().aggregate(ONE_INSTANT, dayAgo, to, Duration.ofHours(1), new GapFill(mode, null)))
                    .as("fill=" + mode).singleElement()
                    .satisfies(w -> assertThat(w.start()).isEqualTo(dayAgo));
        }
    }

    @Test
    public void aFromRelativeToNowIsTakenAtTheInstantTheRetentionEdgeIsTakenAt() {
        // given: a clock a millisecond later at every read; a from at the raw retention, read off the clock before
        // the request, lies a millisecond before the edge the request sees, which no tier answers in 7m windows
        TickingClock ticking = new TickingClock(Fixtures.NOW);
        ReadingStore store = store();
        UseCases use = UseCases.over(store, ApplicationSettings.defaults().withRetention(POLICY), ticking, null, TIERS,
                openRollups(store));
        ContractSupport.ingest(use, List.of(Fixtures.value(ONE_INSTANT, Fixtures.NOW.minus(Duration.ofHours(3)), 1.0)));
        Instant readBefore = ticking.instant().minus(RETENTION);
        assertThatThrownBy(() -> use.aggregate().aggregate(ONE_INSTANT, readBefore, null, Duration.ofMinutes(7)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("NOT_IN_ROLLUPS"));
        TimeBounds sinceRetention = new TimeBounds(TimeBound.fromNow(RETENTION.negated()), null);

        // when / then: the same from, relative to now, is resolved at the request's one instant
        assertThat(use.aggregate().aggregate(ONE_INSTANT, sinceRetention, Duration.ofMinutes(7), GapFill.none()))
                .hasSize(1);
        assertThat(use.aggregateAll().aggregateAll(sinceRetention, Duration.ofMinutes(7), GapFill.none())).hasSize(1);
        assertThat(use.aggregate().aggregate(ONE_INSTANT, sinceRetention, Duration.ofHours(1), GapFill.none()))
                .hasSize(1);
    }

    @Test
    public void reclaimExpiresTheTiersAtTheInstantItEvictsTheBucketsAt() {
        // given: an hourly window starting exactly the 1h tier's retention of 30 days before NOW, settled
        Instant start = Fixtures.NOW.minus(Duration.ofDays(30));
        TickingClock ticking = new TickingClock(start.plus(Duration.ofHours(1)));
        ReadingStore store = store();
        StoreRollups rollups = openRollups(store);
        UseCases use = UseCases.over(store, ApplicationSettings.defaults().withRetention(POLICY), ticking, null, TIERS,
                rollups);
        SeriesId series = SeriesId.of("tiers-one-instant-reclaim");
        ContractSupport.ingest(use, List.of(Fixtures.value(series, start.plusSeconds(60), 1.0)));
        use.reclaim().reclaim();

        // when: a reclaim at NOW, the last instant at which the tier still answers that window
        ticking.set(Fixtures.NOW);
        use.reclaim().reclaim();

        // then: the tier's cutoff is taken at the reclaim's one instant, so the window is kept
        assertThat(rollups.read(series, Duration.ofHours(1), new TimeRange(start, start.plus(Duration.ofHours(1)))))
                .hasSize(1);
    }

    /** Use cases on a clock a millisecond later at every read, over one reading of ONE_INSTANT three hours ago. */
    private UseCases useCasesOnATickingClock() {
        ReadingStore store = store();
        UseCases use = UseCases.over(store, ApplicationSettings.defaults().withRetention(POLICY),
                new TickingClock(Fixtures.NOW), null, TIERS, openRollups(store));
        ContractSupport.ingest(use, List.of(Fixtures.value(ONE_INSTANT, Fixtures.NOW.minus(Duration.ofHours(3)), 1.0)));
        return use;
    }

    @Test
    public void tiersTurnedOnOverAStoreThatHoldsReadingsAreNotReadForWhatCameBefore() {
        ReadingStore store = store();
        SeriesId series = SeriesId.of("tiers-before");
        List<Reading> before = List.of(Fixtures.value(series, Fixtures.BASE.plusSeconds(60), 1.0),
                Fixtures.value(series, Fixtures.BASE.plus(Duration.ofHours(20)), 2.0));
        ContractSupport.ingest(UseCases.over(store, ApplicationSettings.defaults().withRetention(POLICY), clock), before);
        UseCases use = useCases(store, openRollups(store));
        List<Reading> after = List.of(Fixtures.value(series, Fixtures.BASE.plus(Duration.ofHours(20)).plusSeconds(60), 3.0));
        ContractSupport.ingest(use, after);
        List<Reading> all = new ArrayList<>(before);
        all.addAll(after);
        for (Duration window : List.of(Duration.ofHours(1), Duration.ofDays(1))) {
            assertSameWindows(use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, window),
                    BruteForce.windows(all, Fixtures.BASE, Fixtures.NOW, window), window + " windows");
        }
    }

    /** Every stored tier window of every series equals the brute force over {@code kept}, and no other is stored. */
    private static void assertTiersEqualRecomputation(StoreRollups rollups, List<Reading> kept, String where) {
        TimeRange everything = new TimeRange(Instant.EPOCH, Fixtures.NOW.plus(Duration.ofDays(400)));
        for (RollupTier tier : TIERS.tiers()) {
            assertSameWindows(rollups.readAll(tier.window(), everything, Integer.MAX_VALUE),
                    BruteForce.windows(BruteForce.firstWins(kept), Instant.EPOCH, everything.to(), tier.window()),
                    where + ", tier " + tier);
        }
    }

    private static Instant align(Instant time, Duration window) {
        return Instant.ofEpochMilli(Math.floorDiv(time.toEpochMilli(), window.toMillis()) * window.toMillis());
    }
}
