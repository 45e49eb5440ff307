package io.bucketry.tools.bench;

import io.bucketry.domain.DurationText;
import io.bucketry.tools.simulate.Scenario;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What {@code bench-peer} prints: the stream and the machine, one line per trial, then one table of
 * medians over the rounds, per target, and how each figure was measured.
 */
record PeerReport(PeerOptions options, PeerStream lines, PeerStream json, QuerySpec spec, List<PeerResult> results,
                  List<Double> loads, Map<PeerQuery, QueryAnswer> reference) {

    /** The system's 1-minute load average (negative where the JVM cannot tell). */
    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    void print(PrintWriter out) {
        Scenario s = options.scenario();
        int cores = Runtime.getRuntime().availableProcessors();
        double maxLoad = Collections.max(loads);
        out.printf(Locale.ROOT, "stream: %,d sensors x %s every %s = %,d readings (late share %s, duplicate share %s), "
                        + "%,d batches of at most %,d; line protocol %.1f B/reading%s%n",
                s.sensors(), DurationText.of(s.duration()), DurationText.of(s.interval()), s.readings(), s.lateShare(),
                s.duplicateShare(), lines.batches().size(), s.batchSize(), lines.bytesPerReading(),
                json == null ? "" : String.format(Locale.ROOT, ", JSON %.1f B/reading", json.bytesPerReading()));
        out.printf(Locale.ROOT, "%d rounds, clients %s, each query asked %d times after 10 warm-up asks; every server a fresh "
                + "process per feed%s%n", options.rounds(), options.clients(), options.queryRepeats(),
                options.bucketryJvmOptions().isEmpty() ? "" : "; Bucketry's JVM given " + String.join(" ", options.bucketryJvmOptions()));
        out.printf(Locale.ROOT, "machine: %d cores, load average (1 min) %.2f at the start, %.2f at the end, %.2f at most%s%n",
                cores, loads.get(0), loads.get(loads.size() - 1), maxLoad,
                maxLoad > cores ? " (LOADED: other work shared the cores; compare ratios, not absolute figures)" : "");
        out.println();
        for (PeerResult r : results) {
            out.printf(Locale.ROOT, "round %d  %-40s %d client%s  %,9.0f readings/s (%,d stored after, %,d duplicates answered)"
                            + "  CPU %.2f s/M fed (JIT %.2f), %.2f s/M at rest  %s  %s%n",
                    r.round(), r.label(), r.clients(), r.clients() == 1 ? " " : "s", r.feed().readingsPerSecond(), r.stored(),
                    r.feed().duplicates(), r.cpuPerMillionFeed(), r.jitPerMillionFeed(), r.cpuPerMillionAtRest(), costs(r), queries(r));
        }
        out.println();
        table(out);
        out.println();
        for (PeerTarget target : options.targets()) {
            PeerResult first = of(target).get(0);
            for (PeerResult.Cost cost : first.costs()) {
                out.printf(Locale.ROOT, "%s, %s: %s%n", first.label(), cost.what(), cost.how());
            }
        }
        out.println("server CPU: utime + stime of the server's process from /proc/<pid>/stat; 'fed' from the first "
                + "request to the last answer, 'at rest' until flushed, merged, compacted or applied, the queries' CPU left out; "
                + "JIT: the same of its C1 and C2 compiler threads (kept alive: -XX:-UseDynamicNumberOfCompilerThreads)");
        out.println("queries: p50 of the timed asks' wall time; CPU: the server's utime + stime over the timed asks, per ask "
                + "(10 ms ticks: give --query-repeats enough asks)");
        out.println("answers: compared with " + results.get(0).label() + "'s (times, window starts, sensors and the "
                + "temperature and pressure of each, relative difference <= 1e-9); VictoriaMetrics' Q4 has no times");
        out.flush();
    }

    private void table(PrintWriter out) {
        List<PeerTarget> targets = new ArrayList<>(options.targets());
        Map<String, List<String>> rows = new LinkedHashMap<>();
        String clients = options.clients().stream().map(String::valueOf).reduce((a, b) -> a + " / " + b).orElse("");
        rows.put("ingest, readings/s, " + clients + " clients", cells(targets, t -> perClients(t, r -> r.feed().readingsPerSecond(), "%,.0f")));
        rows.put("server CPU s per million readings, during the feed, " + clients + " clients",
                cells(targets, t -> perClients(t, PeerResult::cpuPerMillionFeed, "%.2f")));
        rows.put("… of which JIT compiler threads, " + clients + " clients",
                cells(targets, t -> perClients(t, PeerResult::jitPerMillionFeed, "%.2f")));
        rows.put("server CPU s per million readings, until at rest", cells(targets, t -> format("%.2f", median(of(t), PeerResult::cpuPerMillionAtRest))));
        rows.put("stored bytes per reading", cells(targets, t -> {
            PeerResult.Cost first = of(t).get(0).costs().get(0);
            double median = median(of(t), r -> r.costs().get(0).perReading() == null ? Double.NaN : r.costs().get(0).perReading());
            return format("%.1f", median) + " (" + first.what() + ")";
        }));
        for (PeerQuery query : PeerQuery.values()) {
            rows.put(query + " " + query.description() + ", p50", cells(targets, t -> timing(t, query, PeerResult::queries)));
        }
        if (results.stream().anyMatch(r -> !r.columnQueries().isEmpty())) {
            for (PeerQuery query : PeerQuery.values()) {
                rows.put(query + " in columns (Bucketry: format=columns), p50", cells(targets,
                        t -> of(t).get(0).columnQueries().isEmpty() ? "–" : timing(t, query, PeerResult::columnQueries)));
            }
        }
        rows.put("answers vs " + results.get(0).target().key(), cells(targets, t -> agreement(t, PeerResult::queries)));
        if (results.stream().anyMatch(r -> !r.columnQueries().isEmpty())) {
            rows.put("answers in columns vs " + results.get(0).target().key(), cells(targets,
                    t -> of(t).get(0).columnQueries().isEmpty() ? "–" : agreement(t, PeerResult::columnQueries)));
        }
        out.println("| figure | " + String.join(" | ", targets.stream().map(t -> of(t).get(0).label()).toList()) + " |");
        out.println("|---" + "|---".repeat(targets.size()) + "|");
        rows.forEach((figure, cells) -> out.println("| " + figure + " | " + String.join(" | ", cells) + " |"));
    }

    /** The median p50 of {@code query} in the form {@code form} picks, with the answer's size. */
    private String timing(PeerTarget target, PeerQuery query, Function<PeerResult, Map<PeerQuery, QueryTiming>> form) {
        QueryTiming any = form.apply(of(target).get(0)).get(query);
        String calls = any.calls() == 1 ? "" : ", " + any.calls() + " calls";
        return format("%.2f ms", median(of(target), r -> form.apply(r).get(query).p50Nanos() / 1e6))
                + format(", CPU %.2f ms", median(of(target), r -> form.apply(r).get(query).serverCpuNanosPerAsk() / 1e6))
                + " (" + format("%.0f KB", any.answer().bytes() / 1000.0) + calls + ")";
    }

    private String agreement(PeerTarget target, Function<PeerResult, Map<PeerQuery, QueryTiming>> form) {
        List<String> said = new ArrayList<>();
        for (PeerQuery query : PeerQuery.values()) {
            String difference = null;
            for (PeerResult r : of(target)) {
                difference = difference != null ? difference : form.apply(r).get(query).answer().differenceFrom(reference.get(query));
            }
            said.add(query + (difference == null ? " equal" : " DIFFERS: " + difference));
        }
        return String.join("; ", said);
    }

    private String perClients(PeerTarget target, ToDoubleFunction<PeerResult> figure, String pattern) {
        return String.join(" / ", options.clients().stream().map(c -> format(pattern,
                median(of(target).stream().filter(r -> r.clients() == c).toList(), figure))).toList());
    }

    private List<PeerResult> of(PeerTarget target) {
        return results.stream().filter(r -> r.target() == target).toList();
    }

    private static List<String> cells(List<PeerTarget> targets, Function<PeerTarget, String> cell) {
        return targets.stream().map(cell).toList();
    }

    static double median(List<PeerResult> results, ToDoubleFunction<PeerResult> figure) {
        double[] values = results.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }

    private static String costs(PeerResult r) {
        return String.join(", ", r.costs().stream().map(c -> c.perReading() == null ? c.what() + " n/a"
                : String.format(Locale.ROOT, "%.1f B/reading %s", c.perReading(), c.what())).toList());
    }

    private static String queries(PeerResult r) {
        String rows = String.join("  ", r.queries().values().stream().map(q -> String.format(Locale.ROOT, "%s %.2f ms",
                q.query(), q.p50Nanos() / 1e6)).toList());
        return r.columnQueries().isEmpty() ? rows : rows + "  columns: " + String.join("  ", r.columnQueries().values()
                .stream().map(q -> String.format(Locale.ROOT, "%s %.2f ms", q.query(), q.p50Nanos() / 1e6)).toList());
    }
}
