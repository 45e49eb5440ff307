package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Runs Debian's influxd (package influxdb) when it is installed; skipped, saying so, when it is not. */
class InfluxServerTest {

    private static boolean influxdOnPath() {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "influxd")));
    }

    @Test
    void aFedInfluxdStoresEveryPointCompactsToTsmFilesAndLeavesNothingBehind() throws Exception {
        Assumptions.assumeTrue(influxdOnPath(), "influxd (Debian package influxdb) is not installed");
        Scenario scenario = new Scenario(20, Duration.ofMinutes(1), Duration.ofHours(1), 0, 0.1, 250);
        PeerStream stream = PeerStream.of(scenario, Instant.now(), Encodings::lines);
        Path dir;

        try (InfluxServer server = InfluxServer.start("influxd", Duration.ofSeconds(1))) {
            HttpFeeder.Feed feed = new HttpFeeder(3).feed(server.writeUri(), PeerBenchmark.LINES, stream, Answer.influx());
            CompactionWait.Outcome outcome = new CompactionWait(Duration.ofSeconds(2), Duration.ofMillis(200),
                    Duration.ofMinutes(2)).await(server::files);

            assertThat(feed.accepted()).isEqualTo(stream.readings());
            assertThat(server.count()).isEqualTo(scenario.readings());
            assertThat(server.version()).startsWith("1.");
            assertThat(outcome.settled()).as(outcome.toString()).isTrue();
            assertThat(outcome.files().tsmBytes()).isPositive();
            dir = server.directory();
            assertThat(dir).isDirectory();
        }

        assertThat(dir).doesNotExist();
    }

    @Test
    void aMissingInfluxdFailsSayingHowToInstallIt() {
        assertThatThrownBy(() -> InfluxServer.start("/nonexistent/influxd", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("apt-get install -y influxdb");
    }
}
