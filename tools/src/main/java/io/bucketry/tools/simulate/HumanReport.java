package io.bucketry.tools.simulate;

import io.bucketry.server.json.StatisticsView;
import io.bucketry.domain.DurationText;

import java.io.PrintStream;
import java.time.Duration;
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
        out.println(f("scenario   %,d sensors%s, one reading every %s for %s; late share %s, duplicate share %s; batches of %,d",
                s.sensors(), s.tags() ? f(" tagged (%d buildings x %d types)", SensorTags.BUILDINGS, SensorTags.TYPES)
                        : "", DurationText.of(Duration.ofMillis(Math.round(s.intervalSeconds().doubleValue() * 1e3))),
                DurationText.of(Duration.ofMillis(Math.round(s.hours().doubleValue() * 3.6e6))), s.lateShare(),
                s.duplicateShare(), r.batchSize()));
        out.println(f("ingest     %,d readings in %.3f s = %,d readings/s (accepted %,d, duplicates %,d, rejected %,d);"
                        + " process CPU %s ns per reading", i.readings(), i.seconds(), i.readingsPerSecond(), i.accepted(),
                i.duplicates(), i.rejected(), orNot(i.cpuNanosPerReading(), "%.1f", "not measurable")));
        out.println("           how: wall time of the ingest use case calls only (validation + store), batch generation excluded; "
                + (i.warmUpReadings() == 0 ? "no warm-up (--no-warm-up)"
                : f("after a warm-up of %,d readings into a scratch in-memory store, then on to %,d batches %s",
                i.warmUpReadings(), i.warmUp().runs(), i.warmUp().jitQuiet() ? "until the JIT was quiet"
                        : "(JIT not known to be quiet)")));
        out.println(f("memory     %.1f bytes retained per accepted reading", r.memory().retainedBytesPerReading()));
        out.println("           how: heap used after explicit full GCs (MemoryMXBean.gc) after ingest, minus the same before, / accepted"
                + (r.mongo() == null ? "" : "; a Mongo store keeps its readings in the server, so only an embedded test"
                + " server's data is in this heap"));
        out.println(f("dashboard  p50 %.1f µs, p99 %.1f µs over %,d runs (%,d readings per run), on a CPU %s of the time",
                d.p50Micros(), d.p99Micros(), d.runs(), d.readings(), d.cpuShare() == null ? "(not measurable)"
                        : f("%.0f%%", 100 * d.cpuShare())));
        out.println(f("           how: read use case, one sensor (a different one each run), [end-24h, end], after %s;"
                + " every reading touched%s", warmUp(d.warmUp()), r.runsNote()));
        if (d.roundsP50Micros() != null) {
            out.println(f("           rounds of the timed runs in this JVM, p50 µs: %s", d.roundsP50Micros()));
        }
        out.println(f("alerting   %.1f ms for %,d windows of %,d series (first run %.1f ms)", a.millis(), a.windows(),
                a.series(), a.firstMillis()));
        out.println(f("           how: aggregate-all use case, 5-minute windows over [end-10m, end], median of %d runs after %s",
                a.runs(), warmUp(a.warmUp())));
        printGrouped(r.groupedAlertingQuery(), out);
        printSubWindows(r.subWindows(), out);
        out.println(f("storage    %,d readings of %,d series in %,d buckets: %.1f readings per bucket (max %,d), "
                        + "documentReduction %.1f, avgBucketBytes %s", st.readings(), st.series(), st.buckets(),
                st.avgReadingsPerBucket(), st.maxReadingsPerBucket(), st.documentReduction(),
                st.avgBucketBytes() == null ? "not measurable" : f("%.1f", st.avgBucketBytes())));
        out.println("           how: the describe-storage use case (the store's own bucket statistics)"
                + (r.storageNote() == null ? "" : "; " + r.storageNote()));
        printMongo(r.mongo(), out);
        printSealing(r.sealing(), out);
        printBaseline(r.baseline(), out);
        ExtraPhasesReport.print(r.alertingThreeWays(), r.longRangeStore(), out);
        out.println("           end = the instant the simulation started; the generated stream ends there");
    }

    private static void printMongo(SimulationReport.MongoView m, PrintStream out) {
        if (m == null) {
            return;
        }
        out.println(f("mongo      write commands per 1,000 readings %.3f (commands %,d, statements %,d); update statements"
                        + " per touched bucket per batch %s (%,d buckets touched); stored bytes per reading %s",
                m.writeCommandsPer1000Readings(), m.writeCommands(), m.writeStatements(),
                orNot(m.updateStatementsPerBucketPerBatch(), "%.3f", "n/a"), m.bucketsTouched(),
                orNot(m.bytesPerReading(), "%.1f", "not measurable")));
        out.println("           how: a driver CommandListener counts write commands (insert/update/delete) and their"
                + " statements, read before and after the ingest phase (simulate runs no expiry sweep), / readings"
                + " submitted; buckets touched per batch come from the store; statements per bucket only where the"
                + " store writes its own buckets; bytes = avgBucketBytes x buckets / stored readings (BSON as"
                + " returned, no indexes)" + (m.embeddedServer() ? "; the embedded test server takes at most 1,000"
                + " statements per command (its maxWriteBatchSize; MongoDB's is 100,000), so the driver splits larger"
                + " bulk writes" : ""));
        SimulationReport.SealedView s = m.sealed();
        if (s != null) {
            out.println(f("sealed     %,d sealed documents hold %,d readings: %s stored bytes per reading in sealed documents;"
                            + " sealing sent %,d write commands (%.3f per 1,000 readings, apart from ingest's), %,d statements,"
                            + " sealing %,d windows; the final sweep took %.3f s",
                    s.sealedDocuments(), s.sealedReadings(), orNot(s.sealedBytesPerReading(), "%.2f", "not measurable"),
                    s.sealingCommands(), s.sealingCommandsPer1000Readings(), s.sealingStatements(), s.windowsSealed(),
                    s.finalSweepSeconds()));
            out.println("           how: the same statistics pipeline over the sealed documents only ({unsealed: false});"
                    + " sealing's commands counted by the same CommandListener on the sealing thread, in the background"
                    + " sweeps during ingest and the final sweep after it");
        }
    }

    private static void printGrouped(SimulationReport.GroupedAlertingView g, PrintStream out) {
        if (g == null) {
            return;
        }
        SimulationReport.QueryTiming t = g.timing();
        SimulationReport.QueryTiming ft = g.filteredTiming();
        out.println(f("grouped    p50 %.2f ms (CPU %s ms) for %,d windows of %,d groups merging %,d series (first run %.1f ms);"
                        + " filtered to 3 buildings: p50 %.2f ms (CPU %s ms), %,d series", t.p50Millis(),
                orNot(t.p50CpuMillis(), "%.2f", "-"), g.windows(), g.groups(), g.series(), t.firstMillis(),
                ft.p50Millis(), orNot(ft.p50CpuMillis(), "%.2f", "-"), g.filteredSeries()));
        out.println(f("           how: aggregate-groups use case, groupBy=building, 5-minute windows over [end-10m, end];"
                + " filtered: aggregate-all with tag=building:b007,b008,b009; medians of %d runs after %s (wall, and CPU"
                + " of the querying thread)", t.runs(), warmUp(t.warmUp())));
    }

    private static void printSubWindows(SimulationReport.SubWindowView w, PrintStream out) {
        if (w == null) {
            return;
        }
        out.println(f("subwindow  %s summaries: %.1f B per bucket, %.2f B per reading; a bucket holds %.1f B with them,"
                        + " %.1f B without", w.subWindow(), w.summaryBytesPerBucket(), w.summaryBytesPerReading(),
                w.bucketBytes(), w.bucketBytesWithout()));
        out.println("           how: the store's own accounting of the summaries' heap (arrays and headers) over every"
                + " bucket after the queries, / buckets and / stored readings; with = avgBucketBytes of the storage"
                + " statistics, without = that minus the summaries' share; the alerting query above read them");
    }

    private static void printSealing(SimulationReport.SealingView s, PrintStream out) {
        if (s == null) {
            return;
        }
        out.println(f("sealing    %,d of %,d readings sealed in %,d buckets: %s B per sealed reading (the same buckets as"
                        + " rows: %s B); %s B per reading over all buckets (open ones: %s B); encode %s values/s (%,d"
                        + " values), decode %s values/s (%,d values); %,d sealed buckets reopened by late readings",
                s.sealedReadings(), s.readings(), s.sealedBuckets(), orNot(s.sealedBytesPerReading(), "%.2f", "-"),
                orNot(s.rowBytesPerReadingBeforeSealing(), "%.2f", "-"), orNot(s.bytesPerReading(), "%.2f", "-"),
                orNot(s.openBytesPerReading(), "%.2f", "-"), orNot(s.encodeValuesPerSecond(), "%,.0f", "-"),
                s.encodedValues(), orNot(s.decodeValuesPerSecond(), "%,.0f", "-"), s.decodedValues(),
                s.reopenedBuckets()));
        out.println("           how: the store's own accounting of each bucket's heap (open: object, row array, texts;"
                + " sealed: object, plain summaries, encoded columns; headers included), after the queries; as rows ="
                + " the heap each bucket held the moment it was sealed; values = times + field values; rates = values /"
                + " wall time inside the codec, summed over the ingest threads (encode: ingest; decode: the queries)");
    }

    private static void printBaseline(SimulationReport.BaselineView b, PrintStream out) {
        if (b == null) {
            return;
        }
        out.println(f("baseline   %,d documents for %,d readings, %.1f bytes per reading, %.3f write commands per 1,000 readings"
                        + " (commands %,d), %.3f s writing", b.documents(), b.readings(), b.bytesPerReading(),
                b.writeCommandsPer1000Readings(), b.writeCommands(), b.seconds()));
        out.println("           how: after the measured phases, the same generated readings (without resubmitted"
                + " duplicates) written one document per reading {sensorId, timestamp, fields} with a"
                + " {sensorId: 1, timestamp: 1} index into " + b.collection() + ", one unordered insertMany per batch;"
                + " bytes = mean BSON size of the stored documents (up to 100,000, no indexes); seconds = time inside"
                + " its writes, not part of the ingest time");
    }

    private static String orNot(Double value, String format, String otherwise) {
        return value == null ? otherwise : f(format, value);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** "2,412 warm-up runs (0.4 s, until the JIT was quiet)" */
    static String warmUp(SimulationReport.WarmUpView w) {
        return f("%,d warm-up runs (%.1f s, %s)", w.runs(), w.seconds(),
                w.jitQuiet() ? "until the JIT was quiet" : "JIT not known to be quiet");
    }
}
