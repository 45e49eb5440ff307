package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;
import io.bucketry.domain.DurationText;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/** What {@code bench-peer} prints: the stream, one block per target, and the ratios the targets of issue 16 name. */
record PeerReport(PeerOptions options, PeerStream lines, PeerStream json, List<PeerResult> results,
                  double loadBefore, double loadAfter) {

    /** The system's 1-minute load average (negative where the JVM cannot tell). */
    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    void print(PrintWriter out) {
        Scenario s = options.scenario();
        out.printf(Locale.ROOT, "stream: %,d sensors x %s every %s = %,d readings (late share %s, duplicate share %s), "
                        + "%,d batches of at most %,d, %d concurrent HTTP/1.1 clients%n",
                s.sensors(), DurationText.of(s.duration()), DurationText.of(s.interval()), s.readings(), s.lateShare(),
                s.duplicateShare(), lines.batches().size(), s.batchSize(), options.concurrency());
        out.printf(Locale.ROOT, "encoded before the feeds: line protocol %.1f B/reading%s%n", lines.bytesPerReading(),
                json == null ? "" : String.format(Locale.ROOT, ", JSON %.1f B/reading", json.bytesPerReading()));
        out.printf(Locale.ROOT, "machine: %d cores, load average (1 min) %.1f at the start, %.1f at the end%s%n",
                Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter,
                Math.max(loadBefore, loadAfter) > Runtime.getRuntime().availableProcessors()
                        ? " (LOADED: other work shared the cores; compare ratios, not absolute figures)" : "");
        for (PeerResult result : results) {
            HttpFeeder.Feed feed = result.feed();
            out.printf(Locale.ROOT, "%n%s%n  ingest     %,.0f readings/s (%,d readings in %.2f s of wall time; "
                            + "%,d accepted, %,d duplicates answered; %,d stored after)%n", result.target(),
                    feed.readingsPerSecond(), feed.readings(), feed.nanos() / 1e9, feed.accepted(), feed.duplicates(),
                    result.stored());
            for (PeerResult.Cost cost : result.costs()) {
                out.printf(Locale.ROOT, "  %-26s %s B/reading (%s)%n", cost.what(),
                        cost.perReading() == null ? "n/a" : String.format(Locale.ROOT, "%.1f", cost.perReading()), cost.how());
            }
        }
        out.println();
        ratio(out, "line protocol / JSON into in-memory Bucketry", PeerTarget.INMEMORY, PeerTarget.JSON, "target >= 0.80");
        ratio(out, "in-memory Bucketry / InfluxDB, line protocol", PeerTarget.INMEMORY, PeerTarget.INFLUXDB, "target > 1");
        ratio(out, "mongo-bucket (embedded) / InfluxDB, line protocol", PeerTarget.MONGO_BUCKET, PeerTarget.INFLUXDB, null);
        out.flush();
    }

    private void ratio(PrintWriter out, String what, PeerTarget over, PeerTarget under, String target) {
        PeerResult a = result(over);
        PeerResult b = result(under);
        if (a != null && b != null) {
            double value = a.feed().readingsPerSecond() / b.feed().readingsPerSecond();
            out.printf(Locale.ROOT, "%s: %.2f (readings/s)%s%n", what, value, target == null ? "" : " [" + target + "]");
        }
    }

    private PeerResult result(PeerTarget target) {
        int index = List.copyOf(options.targets()).indexOf(target);
        return index < 0 ? null : results.get(index);
    }
}
