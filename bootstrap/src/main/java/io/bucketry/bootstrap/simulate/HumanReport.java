package io.bucketry.bootstrap.simulate;

import io.bucketry.bootstrap.json.StatisticsView;

import java.io.PrintStream;
import java.util.Locale;

/** Prints a {@link SimulationReport} for people: each figure with how it was measured. */
public final class HumanReport {

    private HumanReport() {
    }

    public static void print(SimulationReport r, PrintStream out) {
        var s = r.scenario();
        var i = r.ingest();
        var d = r.dashboardQuery();
        var a = r.alertingQuery();
        StatisticsView st = r.storage();
        out.println("Bucketry simulate - backend " + r.backend());
        out.println(f("scenario   %,d sensors, one reading every %ss for %sh; late share %s, duplicate share %s; batches of %,d",
                s.sensors(), s.intervalSeconds(), s.hours(), s.lateShare(), s.duplicateShare(), r.batchSize()));
        out.println(f("ingest     %,d readings in %.3f s = %,d readings/s (accepted %,d, duplicates %,d, rejected %,d)",
                i.readings(), i.seconds(), i.readingsPerSecond(), i.accepted(), i.duplicates(), i.rejected()));
        out.println("           how: wall time of the ingest use case calls only (validation + store), batch generation excluded");
        out.println(f("memory     %.1f bytes retained per accepted reading", r.memory().retainedBytesPerReading()));
        out.println("           how: heap used after explicit full GCs (MemoryMXBean.gc) after ingest, minus the same before, / accepted");
        out.println(f("dashboard  p50 %.1f us, p99 %.1f us over %,d runs (%,d readings per run)",
                d.p50Micros(), d.p99Micros(), d.runs(), d.readings()));
        out.println(f("           how: read use case, one sensor (a different one each run), [end-24h, end], after %,d warm-up runs;"
                + " every reading touched", DashboardBenchmark.WARM_UP));
        out.println(f("alerting   %.1f ms for %,d windows of %,d series", a.millis(), a.windows(), a.series()));
        out.println(f("           how: aggregate-all use case, 5-minute windows over [end-10m, end], median of %d runs after 1 warm-up",
                AlertingBenchmark.RUNS));
        out.println(f("storage    %,d readings of %,d series in %,d buckets: %.1f readings per bucket (max %,d), "
                        + "documentReduction %.1f, avgBucketBytes %s", st.readings(), st.series(), st.buckets(),
                st.avgReadingsPerBucket(), st.maxReadingsPerBucket(), st.documentReduction(),
                st.avgBucketBytes() == null ? "not measurable" : f("%.1f", st.avgBucketBytes())));
        out.println("           how: the describe-storage use case (the store's own bucket statistics)"
                + (r.storageNote() == null ? "" : "; " + r.storageNote()));
        out.println("           end = the instant the simulation started; the generated stream ends there");
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
