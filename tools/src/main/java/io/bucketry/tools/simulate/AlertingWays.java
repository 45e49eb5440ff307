package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.RollupsText;
import io.bucketry.tools.simulate.SimulationReport.AlertingWay;
import io.bucketry.tools.simulate.SimulationReport.AlertingWaysView;
import io.bucketry.tools.simulate.SimulationReport.TierStoreView;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Issue 14's alerting job three ways in one run, over the whole 5-minute windows of the last 10
 * minutes: (a) on read from the main store's buckets; (b) with sub-window summaries, when the main
 * store keeps them (then (a) is read from a copy without them); (c) from a 5-minute rollup tier, in a
 * store of its own, so that the tier's upkeep does not weigh on the main ingest: the last
 * {@link #SLICE} of every sensor is copied from the main store into it (and into a store without
 * tiers, whose ingest rate is the comparison), settled, and queried.
 */
final class AlertingWays {

    /** How much of every sensor is copied into the tier store: the queried windows and more, to ingest. */
    static final Duration SLICE = Duration.ofMinutes(20);

    private final BucketryConfig plain;
    private final int runs;
    private final PrintStream progress;

    /** @param config the main store's configuration; the copies drop its tiers */
    AlertingWays(BucketryConfig config, int runs, PrintStream progress) {
        this.plain = config.toBuilder().backend(Backend.INMEMORY).rollups(RollupTiers.none()).subWindow(Duration.ZERO).build();
        this.runs = runs;
        this.progress = progress;
    }

    /** @param subWindow the main store's sub-window, null when it keeps no sub-window summaries */
    AlertingWaysView run(Bucketry main, String[] sensorIds, Instant end, Duration subWindow, int batchSize) {
        long started = System.nanoTime();
        Instant[] range = AlertingBenchmark.wholeWindowsBefore(end);
        progress.println("bucketry: the alerting job three ways: copying the last " + DurationText.of(SLICE)
                + " of every sensor into a store with a 5-minute rollup tier and one without");
        SliceCopy slice = SliceCopy.of(main.read(), sensorIds, end.minus(SLICE), end, batchSize);
        AlertingBenchmark.Answered mainAnswer = AlertingBenchmark.run(main.aggregateAll(), range[0], range[1], runs);
        AlertingBenchmark.Answered onRead;
        String onReadSource;
        IngestResult withoutTiers;
        // the main store reads its buckets unless it keeps sub-window summaries or a tier that makes up 5-minute windows
        boolean mainReadsBuckets = subWindow == null && main.config().rollups().tiers().stream()
                .noneMatch(tier -> tier.divides(AlertingBenchmark.WINDOW));
        try (Bucketry copy = Bucketry.start(plain)) {
            withoutTiers = ingest(slice, copy);
            if (mainReadsBuckets) {
                onRead = mainAnswer;
                onReadSource = "main store: raw buckets (on read)";
            } else {
                onRead = AlertingBenchmark.run(copy.aggregateAll(), range[0], range[1], runs);
                onReadSource = "copy of the last " + DurationText.of(SLICE) + " without tiers or sub-window summaries: raw buckets";
            }
        }
        AlertingWay subWindowWay = subWindow == null
                ? AlertingWay.absent("not measured: the main store keeps no sub-window summaries (see simulate --sub-window)")
                : way("main store: sub-window summaries of " + DurationText.of(subWindow), mainAnswer);
        Tiered tiered = tiered(slice, range);
        boolean agree = WindowsAgree.of(onRead.windows(), tiered.answer().windows())
                && WindowsAgree.of(onRead.windows(), mainAnswer.windows());
        return new AlertingWaysView(range[0].toString(), range[1].toString(), way(onReadSource, onRead), subWindowWay,
                way("tier store: the " + DurationText.of(AlertingBenchmark.WINDOW) + " rollup tier", tiered.answer()),
                agree, tiered.view(withoutTiers), SimulationReport.round((System.nanoTime() - started) / 1e9, 1), null);
    }

    private record Tiered(AlertingBenchmark.Answered answer, IngestResult ingest, double settleSeconds,
                          boolean samePastRetention, String rollups) {

        TierStoreView view(IngestResult withoutTiers) {
            return new TierStoreView(rollups, ingest.readings(), SimulationReport.round(ingest.seconds(), 3),
                    Math.round(ingest.readingsPerSecond()), Math.round(withoutTiers.readingsPerSecond()),
                    SimulationReport.round(settleSeconds, 3), samePastRetention);
        }
    }

    /**
     * The tier store: its clock stands at the start of the phase, then is moved past the raw retention
     * for one more query, which the tier alone can answer (a raw part that old would be refused).
     */
    private Tiered tiered(SliceCopy slice, Instant[] range) {
        Duration past = plain.retention().plus(plain.grace()).plus(Duration.ofDays(1));
        // kept a whole number of days, 30 more than the clock is moved
        Duration kept = Duration.ofDays(past.toDays() + 31);
        RollupTiers tiers = new RollupTiers(List.of(new RollupTier(AlertingBenchmark.WINDOW, kept)));
        StreamClock clock = new StreamClock(Clock.systemUTC().instant());
        try (Bucketry store = Bucketry.start(plain.toBuilder().rollups(tiers).build(), clock)) {
            IngestResult ingest = ingest(slice, store);
            long started = System.nanoTime();
            store.useCases().reclaim().reclaim();   // settles every pending tier window, as the sweeper does
            double settle = (System.nanoTime() - started) / 1e9;
            AlertingBenchmark.Answered answer = AlertingBenchmark.run(store.aggregateAll(), range[0], range[1], runs);
            clock.follow(clock.instant().plus(past));
            boolean same = samePastRetention(store.aggregateAll(), range, answer);
            return new Tiered(answer, ingest, settle, same, RollupsText.format(tiers));
        }
    }

    /** False too when the query is refused: it needed raw readings past the retention. */
    private static boolean samePastRetention(AggregateAllSeriesUseCase aggregateAll, Instant[] range,
                                             AlertingBenchmark.Answered answer) {
        try {
            return WindowsAgree.of(answer.windows(), aggregateAll.aggregateAll(range[0], range[1], AlertingBenchmark.WINDOW));
        } catch (InvalidRequestException e) {
            return false;
        }
    }

    private static IngestResult ingest(SliceCopy slice, Bucketry store) {
        return IngestPhase.run(slice.batches(), store.ingest(), batch -> { }, (batch, took) -> { });
    }

    private static AlertingWay way(String source, AlertingBenchmark.Answered answered) {
        AlertingBenchmark.Result r = answered.result();
        return new AlertingWay(source, r.series(), r.windows(), SimulationReport.round(r.millis(), 2), r.runs(), null);
    }
}
