package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What one {@code bench-peer} run feeds and how: the stream, the client counts each target is fed
 * with, the targets, the rounds (each target and client count once per round, the order reversed
 * every other round), the timed repeats of each query, where each peer's program is, and how long
 * InfluxDB gets: a shard is cold after {@code cold} without writes, and must be compacted within
 * {@code compactionTimeout}; the jar the Bucketry targets run ({@code bucketryJar}, null: this one's class path), the
 * options of their JVM, and whether they are asked in columns too.
 */
record PeerOptions(Scenario scenario, List<Integer> clients, Set<PeerTarget> targets, int rounds, int queryRepeats,
                   String influxd, String victoriaMetrics, Path questdbJar, String questdbVersion,
                   Duration cold, Duration compactionTimeout, Path bucketryJar, List<String> bucketryJvmOptions, boolean columns) {

    PeerOptions {
        clients = List.copyOf(clients);
        bucketryJvmOptions = List.copyOf(bucketryJvmOptions);
        if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("--clients must list counts of at least 1, such as 1,4");
        }
        if (rounds < 1 || queryRepeats < 1) {
            throw new IllegalArgumentException("--rounds and --query-repeats must be at least 1");
        }
    }
}
