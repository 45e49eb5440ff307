package io.bucketry.tools.bench;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The influxd configuration of one benchmark run: everything under {@code dir}, HTTP and the RPC
 * (backup) service on 127.0.0.1 only, no usage reporting, no {@code _internal} statistics database,
 * no per-request logs; otherwise InfluxDB 1.6's defaults (TSM engine, in-memory index, the WAL
 * written through on every write). The one change that matters: a shard that received no write
 * for {@code cold} snapshots its cache to TSM and is fully compacted (defaults 10 m and 4 h), so
 * that the files can be measured once the feed has ended.
 */
record InfluxConfig(Path dir, int httpPort, int rpcPort, Duration cold) {

    static final String DATABASE = "bench";

    /** The configuration file's text (TOML). */
    String render() {
        String seconds = cold.toSeconds() + "s";
        return """
                reporting-disabled = true
                bind-address = "127.0.0.1:%d"
                [meta]
                  dir = "%s"
                [data]
                  dir = "%s"
                  wal-dir = "%s"
                  query-log-enabled = false
                  cache-snapshot-write-cold-duration = "%s"
                  compact-full-write-cold-duration = "%s"
                [monitor]
                  store-enabled = false
                [http]
                  bind-address = "127.0.0.1:%d"
                  log-enabled = false
                """.formatted(rpcPort, dir.resolve("meta"), dataDir(), walDir(), seconds, seconds, httpPort);
    }

    /** Where the TSM files of the benchmark's database live, one directory per shard. */
    Path shards() {
        return dataDir().resolve(DATABASE).resolve("autogen");
    }

    /** Where the write-ahead log of the benchmark's database lives, one directory per shard. */
    Path walShards() {
        return walDir().resolve(DATABASE).resolve("autogen");
    }

    private Path dataDir() {
        return dir.resolve("data");
    }

    private Path walDir() {
        return dir.resolve("wal");
    }
}
