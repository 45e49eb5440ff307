package io.bucketry.tools.bench;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Times one query on one server: a few asks to warm it up (the first answer is kept to be read and
 * compared), then {@code repeats} asks one after the other, each timed from the first request sent to
 * the last answer read; the median of those, and the server's CPU time over the timed asks divided by
 * their number (what a loaded host does not inflate as it does wall time).
 */
record QueryTiming(PeerQuery query, long p50Nanos, long serverCpuNanosPerAsk, int calls, QueryAnswer answer) {

    private static final int WARM_UP = 10;

    static QueryTiming of(HttpClient client, Dialect dialect, PeerQuery query, QuerySpec spec, int repeats, long pid)
            throws IOException, InterruptedException {
        List<byte[]> first = dialect.ask(client, query, spec);
        for (int i = 1; i < WARM_UP; i++) {
            dialect.ask(client, query, spec);
        }
        long[] nanos = new long[repeats];
        Duration cpuBefore = ProcessCpu.of(pid);
        for (int i = 0; i < repeats; i++) {
            long start = System.nanoTime();
            dialect.ask(client, query, spec);
            nanos[i] = System.nanoTime() - start;
        }
        long cpuPerAsk = ProcessCpu.of(pid).minus(cpuBefore).toNanos() / repeats;
        return new QueryTiming(query, median(nanos), cpuPerAsk, first.size(), dialect.read(query, first, spec));
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
