package io.bucketry.codec;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Rates by the benchmark thread's CPU time rather than the wall clock, beside JMH's: on a machine shared
 * with other work, time-slicing inflates wall time but not CPU time. Median of {@value #ROUNDS} rounds of
 * at least {@value #ROUND_NANOS} ns of CPU each, after as many warm-up rounds.
 */
final class CpuTimeRates {

    private static final int ROUNDS = 7;
    private static final long ROUND_NANOS = 200_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuTimeRates() {
    }

    static void print() {
        System.out.printf(Locale.ROOT, "%nRates by CPU time of one thread, million values per CPU-second (median of %d):%n", ROUNDS);
        System.out.println("| data | rows per bucket | sealed encode | sealed decode |");
        System.out.println("|---|---:|---:|---:|");
        for (int rows : new int[] {60, 1000}) {
            for (String data : new String[] {"temperature", "pressure", "random"}) {
                CodecBenchmark state = new CodecBenchmark();
                state.data = data;
                state.rows = rows;
                state.encodeOnce();
                Sink sink = new Sink();
                System.out.printf(Locale.ROOT, "| %s | %d | %.1f | %.1f |%n", data, rows,
                        rate(() -> state.sealedEncode(sink.hole)), rate(() -> state.sealedDecode(sink.hole)));
            }
        }
    }

    /** Million values per CPU-second of {@code pass}, which handles {@link CodecBenchmark#VALUES} values. */
    private static double rate(Runnable pass) {
        double[] rates = new double[2 * ROUNDS];
        for (int round = 0; round < rates.length; round++) {
            long start = THREADS.getCurrentThreadCpuTime();
            long passes = 0;
            long spent;
            do {
                pass.run();
                passes++;
                spent = THREADS.getCurrentThreadCpuTime() - start;
            } while (spent < ROUND_NANOS);
            rates[round] = passes * (double) CodecBenchmark.VALUES / spent * 1e3;
        }
        double[] measured = Arrays.copyOfRange(rates, ROUNDS, rates.length);
        Arrays.sort(measured);
        return measured[ROUNDS / 2];
    }

    /** JMH's blackhole outside JMH: keeps the decoded arrays from being optimised away. */
    private static final class Sink {
        final org.openjdk.jmh.infra.Blackhole hole = new org.openjdk.jmh.infra.Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    }
}
