package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

/**
 * Benchmark of issue 32's ingest target (with tags at least 0.9 of the rate without) in one JVM: {@code simulate}'s
 * stream of {@code sensors} sensors over {@code minutes} minutes in three kinds, each into a fresh in-memory
 * Bucketry: without tags; with {@code --tags} as {@code simulate} sends them (one {@code SeriesMeta} per sensor,
 * built once); and with each sensor's map of tags, built once, that the ingest checks and looks up per reading.
 * {@code rounds} rounds whose order rotates, after {@code warmUpRounds} rounds left out. Two runs of
 * {@code simulate} in two JVMs differ by more than the gap on a shared host; the streams of one round run seconds
 * apart in the same JVM, so that the host's noise falls on all alike. Figures are the process CPU time per reading
 * during the ingest calls (every thread, GC and JIT included, as {@code simulate}'s {@code cpuNanosPerReading}) and
 * the wall-clock rate, medians over the rounds, and the medians of the rounds' ratios (without / with, by CPU);
 * and the heap the store retains per reading (used heap after full collections with the store open and the
 * stream dropped, minus before it started; {@link HeapMeter}), median over the rounds.
 * Usage: {@code java -Xms8g -Xmx8g -cp app/target/bucketry.jar io.bucketry.tools.simulate.TagIngestBenchmark
 * SENSORS MINUTES ROUNDS WARM_UP_ROUNDS [only-untagged | only-tagged | only-maps]}; with the last argument every
 * stream is of that one kind (for a profile of it alone; no ratio is then printed).
 */
public final class TagIngestBenchmark {

    private static final String[] KINDS = {"untagged", "tagged", "maps"};
    private static final String[] NAMES = {"Without", "With", "WithMaps"};

    private TagIngestBenchmark() {
    }

    public static void main(String[] args) {
        if (args.length < 4 || args.length > 5 || args.length == 5 && !args[4].matches("only-(untagged|tagged|maps)")) {
            System.err.println("usage: TagIngestBenchmark SENSORS MINUTES ROUNDS WARM_UP_ROUNDS"
                    + " [only-untagged | only-tagged | only-maps]");
            System.exit(2);
        }
        int sensors = Integer.parseInt(args[0]);
        int minutes = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int warmUpRounds = Integer.parseInt(args[3]);
        BucketryConfig config = BucketryConfig.builder().build();
        Instant end = Instant.now();
        int only = args.length < 5 ? -1 : Arrays.asList(KINDS).indexOf(args[4].substring("only-".length()));
        String[] ids = ReadingGenerator.sensorIds(sensors);
        int kinds = only >= 0 ? 1 : KINDS.length;
        double[][] cpu = new double[KINDS.length][rounds];
        double[][] rate = new double[KINDS.length][rounds];
        double[][] heap = new double[KINDS.length][rounds];
        for (int round = -warmUpRounds; round < rounds; round++) {
            for (int k = 0; k < kinds; k++) {
                int kind = only >= 0 ? only : Math.floorMod(round + k, KINDS.length);   // which goes first rotates
                Scenario scenario = new Scenario(sensors, Duration.ofMinutes(1), Duration.ofMinutes(minutes), 0, 0,
                        10_000, kind != 0);
                IngestResult result;
                long before = HeapMeter.usedAfterGc();
                long retained;
                try (Bucketry bucketry = Bucketry.start(config)) {
                    ReadingGenerator generator = new ReadingGenerator(scenario, ids, end, true, kind == 2);
                    result = IngestPhase.run(generator::nextBatch, bucketry.ingest(), batch -> { }, (batch, took) -> { });
                    generator = null;   // its maps or metas are the client's: what the store keeps is measured
                    retained = HeapMeter.usedAfterGc() - before;
                }
                if (round >= 0) {
                    cpu[kind][round] = (double) result.cpuNanos() / result.readings();
                    rate[kind][round] = result.readings() * 1e9 / result.nanos();
                    heap[kind][round] = (double) retained / result.readings();
                }
            }
            if (round >= 0 && only < 0) {
                System.err.printf(Locale.ROOT, "round %d: ns per reading without %.1f, with %.1f, with maps %.1f;"
                        + " with / without by CPU %.3f, with maps %.3f%n", round, cpu[0][round], cpu[1][round],
                        cpu[2][round], cpu[0][round] / cpu[1][round], cpu[0][round] / cpu[2][round]);
            }
        }
        StringBuilder json = new StringBuilder(String.format(Locale.ROOT, "{\"sensors\": %d, \"minutes\": %d, \"rounds\": %d",
                sensors, minutes, rounds));
        for (int kind = 0; kind < KINDS.length; kind++) {
            if (only < 0 || only == kind) {
                json.append(String.format(Locale.ROOT, ", \"cpuNanosPerReading%s\": %.1f, \"readingsPerSecond%s\": %.0f,"
                        + " \"retainedBytesPerReading%s\": %.3f", NAMES[kind], median(cpu[kind]), NAMES[kind],
                        median(rate[kind]), NAMES[kind], median(heap[kind])));
            }
        }
        if (only < 0) {
            for (int kind = 1; kind < KINDS.length; kind++) {
                double[] ratios = new double[rounds];
                for (int round = 0; round < rounds; round++) {
                    ratios[round] = cpu[0][round] / cpu[kind][round];
                }
                json.append(String.format(Locale.ROOT, ", \"medianRatioByCpu%s\": %.3f, \"ratios%s\": %s", NAMES[kind],
                        median(ratios), NAMES[kind], Arrays.toString(ratios)));
            }
        }
        System.out.println(json.append('}'));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
