package io.bucketry.tools.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One trial of one target: a fresh server fed the stream by {@code clients} clients, what it then
 * stored, its own CPU time during the feed (and the part of it its JIT compiler threads took, 0 for a
 * system not on a JVM) and until at rest (flush, merge, compaction; the queries'
 * CPU left out), its storage cost per stored reading, and the queries' timings and answers (in columns too, where the
 * system answers in columns: {@code columnQueries}, else empty).
 */
record PeerResult(PeerTarget target, String label, int round, int clients, HttpFeeder.Feed feed, long stored,
                  Duration cpuFeed, Duration jitFeed, Duration cpuAtRest, List<Cost> costs, Map<PeerQuery, QueryTiming> queries,
                  Map<PeerQuery, QueryTiming> columnQueries) {

    /** Bytes per stored reading of one kind ({@code perReading} null: not measurable there). */
    record Cost(String what, Double perReading, String how) {
    }

    /** Server CPU seconds per million readings fed, during the feed. */
    double cpuPerMillionFeed() {
        return cpuFeed.toNanos() / 1e9 / (stored / 1e6);
    }

    /** The JIT compiler threads' CPU seconds per million readings fed, during the feed. */
    double jitPerMillionFeed() {
        return jitFeed.toNanos() / 1e9 / (stored / 1e6);
    }

    /** Server CPU seconds per million readings fed, until at rest. */
    double cpuPerMillionAtRest() {
        return cpuAtRest.toNanos() / 1e9 / (stored / 1e6);
    }
}
