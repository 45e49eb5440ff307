package io.bucketry.codec;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;
import java.util.Locale;

/**
 * The codec benchmark (docs/benchmarks.md, "Sealed-bucket codec"): the size figures, the rates by CPU time, then the JMH rates. Arguments:
 * {@code small} (a quick run) or {@code full} (longer iterations, two forks), then optionally a regular
 * expression of the benchmarks to run (default: all).
 */
public final class CodecBenchmarkMain {

    private CodecBenchmarkMain() {
    }

    public static void main(String[] args) throws RunnerException {
        boolean full = args.length > 0 && args[0].equals("full");
        CodecFigures.print(CodecBenchmark.VALUES / 60, 60);
        CodecFigures.print(CodecBenchmark.VALUES / 1000, 1000);
        CpuTimeRates.print();
        String include = args.length > 1 ? args[1] : CodecBenchmark.class.getName() + "|" + TimeAndTextBenchmark.class.getName();
        Options options = new OptionsBuilder()
                .include(include)
                .forks(full ? 2 : 1)
                .warmupIterations(full ? 5 : 2)
                .warmupTime(TimeValue.seconds(full ? 2 : 1))
                .measurementIterations(full ? 5 : 3)
                .measurementTime(TimeValue.seconds(full ? 2 : 1))
                .threads(1)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        System.out.printf(Locale.ROOT, "%nRates, one thread, million values per second (JMH score ± 99.9%% error):%n");
        System.out.println("| benchmark | data | rows per bucket | M values/s |");
        System.out.println("|---|---|---:|---:|");
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark();
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f ± %.1f |%n", name.substring(name.lastIndexOf('.') + 1),
                    result.getParams().getParam("data") == null ? "generator" : result.getParams().getParam("data"),
                    result.getParams().getParam("rows"), result.getPrimaryResult().getScore() / 1e6,
                    result.getPrimaryResult().getScoreError() / 1e6);
        }
    }
}
