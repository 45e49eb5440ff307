package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;

import java.time.Duration;
import java.util.Set;

/**
 * What one {@code bench-peer} run feeds and how: the stream, the client concurrency, the targets,
 * the influxd to run, and how long InfluxDB gets: a shard is cold after {@code cold} without
 * writes, and the files must be compacted within {@code compactionTimeout}.
 */
record PeerOptions(Scenario scenario, int concurrency, Set<PeerTarget> targets, String influxd, boolean warmUp,
                   Duration cold, Duration compactionTimeout) {
}
