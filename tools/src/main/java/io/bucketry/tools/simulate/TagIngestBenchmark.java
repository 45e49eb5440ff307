package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

/**
 * Benchmark of issue 32's ingest target (with tags at least 0.9 of the rate without) in one JVM: {@code simulate}'s
 * stream of {@code sensors} sensors over {@code minutes} minutes, without and with {@code --tags}, each into a fresh
 * in-memory Bucketry, in {@code pairs} pairs whose order alternates, after {@code warmUpPairs} pairs left out. Two
 * runs of {@code simulate} in two JVMs differ by more than the gap on a shared host; the two streams of one pair run
 * seconds apart in the same JVM, so that the host's noise falls on both alike. Figures are the process CPU time per
 * reading during the ingest calls (every thread, GC and JIT included, as {@code simulate}'s
 * {@code cpuNanosPerReading}) and the wall-clock rate, medians over the pairs, and the median of the pairs' ratios.
 * Usage: {@code java -Xms8g -Xmx8g -cp app/target/bucketry.jar io.bucketry.tools.simulate.TagIngestBenchmark
 * SENSORS MINUTES PAIRS WARM_UP_PAIRS [only-untagged | only-tagged]}; with the last argument every stream is of that
 * one kind (for a profile of it alone; the ratio is then not printed).
 */
public final class TagIngestBenchmark {

    private TagIngestBenchmark() {
    }

    public static void main(String[] args) {
        if (args.length < 4 || args.length > 5 || args.length == 5 && !args[4].matches("only-(un)?tagged")) {
            System.err.println("usage: TagIngestBenchmark SENSORS MINUTES PAIRS WARM_UP_PAIRS [only-untagged | only-tagged]");
            System.exit(2);
        }
        int sensors = Integer.parseInt(args[0]);
        int minutes = Integer.parseInt(args[1]);
        int pairs = Integer.parseInt(args[2]);
        int warmUpPairs = Integer.parseInt(args[3]);
        BucketryConfig config = BucketryConfig.builder().build();
        Instant end = Instant.now();
        int only = args.length < 5 ? -1 : args[4].equals("only-tagged") ? 1 : 0;
        String[] ids = ReadingGenerator.sensorIds(sensors);
        double[][] cpu = new double[2][pairs];
        double[][] rate = new double[2][pairs];
        double[] ratios = new double[pairs];
        for (int pair = -warmUpPairs; pair < pairs; pair++) {
            for (int k = 0; k < 2; k++) {
                int tags = only >= 0 ? only : Math.floorMod(pair + k, 2);   // which stream goes first alternates
                Scenario scenario = new Scenario(sensors, Duration.ofMinutes(1), Duration.ofMinutes(minutes), 0, 0,
                        10_000, tags == 1);
                IngestResult result;
                System.gc();
                try (Bucketry bucketry = Bucketry.start(config)) {
                    ReadingGenerator generator = new ReadingGenerator(scenario, ids, end);
                    result = IngestPhase.run(generator::nextBatch, bucketry.ingest(), batch -> { }, (batch, took) -> { });
                }
                if (pair >= 0) {
                    cpu[tags][pair] = (double) result.cpuNanos() / result.readings();
                    rate[tags][pair] = result.readings() * 1e9 / result.nanos();
                }
            }
            if (pair >= 0 && only < 0) {
                ratios[pair] = cpu[0][pair] / cpu[1][pair];
                System.err.printf(Locale.ROOT, "pair %d: without %.1f ns, with %.1f ns per reading; with / without by CPU"
                        + " %.3f; rates %.0f / %.0f%n", pair, cpu[0][pair], cpu[1][pair], ratios[pair], rate[0][pair], rate[1][pair]);
            }
        }
        StringBuilder json = new StringBuilder(String.format(Locale.ROOT, "{\"sensors\": %d, \"minutes\": %d, \"pairs\": %d",
                sensors, minutes, pairs));
        String[] names = {"Without", "With"};
        for (int tags = 0; tags < 2; tags++) {
            if (only < 0 || only == tags) {
                json.append(String.format(Locale.ROOT, ", \"cpuNanosPerReading%s\": %.1f, \"readingsPerSecond%s\": %.0f",
                        names[tags], median(cpu[tags]), names[tags], median(rate[tags])));
            }
        }
        if (only < 0) {
            json.append(String.format(Locale.ROOT, ", \"medianRatioByCpu\": %.3f, \"ratios\": %s", median(ratios),
                    Arrays.toString(ratios)));
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
