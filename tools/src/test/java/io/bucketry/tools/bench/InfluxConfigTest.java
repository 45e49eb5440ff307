package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class InfluxConfigTest {

    @Test
    void theConfigurationListensOnLoopbackOnlyReportsNothingAndKeepsEverythingInItsDirectory() {
        Path dir = Path.of("/tmp/run-1");

        String text = new InfluxConfig(dir, 18086, 18088, Duration.ofSeconds(7)).render();

        assertThat(text).contains("reporting-disabled = true", "bind-address = \"127.0.0.1:18088\"",
                "bind-address = \"127.0.0.1:18086\"", "dir = \"/tmp/run-1/meta\"", "dir = \"/tmp/run-1/data\"",
                "wal-dir = \"/tmp/run-1/wal\"", "store-enabled = false",
                "cache-snapshot-write-cold-duration = \"7s\"", "compact-full-write-cold-duration = \"7s\"");
        assertThat(text.lines().filter(line -> line.contains("bind-address"))).allMatch(line -> line.contains("127.0.0.1:"));
        assertThat(new InfluxConfig(dir, 1, 2, Duration.ofSeconds(7)).shards()).isEqualTo(Path.of("/tmp/run-1/data/bench/autogen"));
    }
}
