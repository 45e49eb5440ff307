package io.bucketry.tools.simulate;

import io.bucketry.tools.simulate.SimulationReport.AlertingWay;
import io.bucketry.tools.simulate.SimulationReport.AlertingWaysView;
import io.bucketry.tools.simulate.SimulationReport.LongRangeView;
import io.bucketry.tools.simulate.SimulationReport.TierStoreView;

import java.io.PrintStream;
import java.util.Locale;

/** The human report's lines of the extra phases: the alerting job three ways, the seven-day query, the 90-day chart. */
final class ExtraPhasesReport {

    private ExtraPhasesReport() {
    }

    static void print(AlertingWaysView a, LongRangeView l, PrintStream out) {
        if (a.absent() != null) {
            out.println("3 ways     the alerting job three ways: " + a.absent());
        } else {
            out.println(f("3 ways     alerting over [%s, %s): on read %s; sub-window summaries %s; 5-minute tier %s;"
                    + " the same windows: %s", a.from(), a.to(), way(a.onRead()), way(a.subWindow()), way(a.tier()),
                    a.agree() ? "yes" : "NO"));
            out.println(f("           how: aggregate-all use case, 5-minute windows, range = the last 10 minutes up to the"
                    + " end rounded down to 5 minutes (whole windows, which summaries and tiers answer whole; the alerting"
                    + " line above also cuts a window at either end), median of %d runs after 1 warm-up; each way on a"
                    + " store holding the same readings there", a.onRead().runs()));
            TierStoreView t = a.tierStore();
            out.println(f("tier store %,d readings (the last %s of every sensor, read from the main store) ingested at %,d"
                            + " readings/s with rollups %s (into a store without tiers: %,d readings/s, %.0f %%); settled in"
                            + " %.3f s; asked again with its clock past the raw retention (only the tier can answer): %s",
                    t.readings(), io.bucketry.domain.DurationText.of(AlertingWays.SLICE), t.readingsPerSecond(),
                    t.rollups(), t.withoutTiersReadingsPerSecond(),
                    100.0 * t.readingsPerSecond() / Math.max(1, t.withoutTiersReadingsPerSecond()), t.settleSeconds(),
                    t.sameAnswerPastRawRetention() ? "the same windows" : "NOT the same windows"));
            out.println(f("           how: both copies in time order, in the main run's batches, time inside the ingest use"
                    + " case; settled = one reclaim, which recomputes every pending tier window, as the sweeper does;"
                    + " the whole phase took %.1f s of wall time", a.wallSeconds()));
        }
        if (l.absent() != null) {
            out.println("long range the seven-day query and the 90-day chart: " + l.absent());
            return;
        }
        var w = l.sevenDayQuery();
        var c = l.hourlyChart();
        out.println(f("seven-day  p50 %.1f µs, p99 %.1f µs over %,d runs (%,d readings per run)", w.p50Micros(),
                w.p99Micros(), w.runs(), w.readings()));
        out.println(f("90-day     p50 %.1f µs, p99 %.1f µs over %,d runs (%,d hourly windows, %,d of them older than the raw"
                + " retention: from the tier)", c.p50Micros(), c.p99Micros(), c.runs(), c.windows(), c.windowsPastRawRetention()));
        out.println(f("long range %d sensors over %s days at one reading a minute (%,d readings), raw retention %s, rollups %s:"
                        + " ingest %.3f s = %,d readings/s, reclaims (tier settles) %.3f s", l.sensors(), l.days(),
                l.readings(), l.retention(), l.rollups(), l.ingestSeconds(), l.readingsPerSecond(), l.settleSeconds()));
        out.println(f("           how: a dedicated store (the main run may span less than 7 days), its clock following the"
                + " stream, reclaimed after each batch of at most a day; seven-day = read use case, one sensor, [end-7d, end],"
                + " every reading touched; 90-day = aggregate use case, one sensor, 1-hour windows over the 90 days before"
                + " the end rounded down to the hour; a different sensor each run, after %s (seven-day) and %s (90-day);"
                + " the whole phase took %.1f s of wall time", HumanReport.warmUp(w.warmUp()),
                HumanReport.warmUp(l.hourlyChart().warmUp()), l.wallSeconds()));
    }

    private static String way(AlertingWay w) {
        return w.absent() != null ? w.absent()
                : f("%.2f ms (%,d windows of %,d series; %s)", w.millis(), w.windows(), w.series(), w.source());
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
