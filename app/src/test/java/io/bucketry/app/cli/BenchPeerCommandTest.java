package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The command's wiring and its refusals; the benchmark itself is run by hand (docs/reference/cli.md, "bench-peer"). */
class BenchPeerCommandTest {

    @Test
    void aTinyRunFeedsEveryBucketryTargetAndReportsWhatEachStored() {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "3", "--duration", "30m", "--batch-size", "20",
                "--concurrency", "2", "--duplicate-share", "0.2", "--targets", "inmemory,json,mongo-bucket", "--no-warm-up");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("3 sensors x 30m every 1m = 90 readings", "2 concurrent HTTP/1.1 clients",
                "bucketry inmemory, line protocol", "bucketry inmemory, JSON /v1/readings",
                "bucketry mongo-bucket (embedded test server), line protocol", "heap retained", "stored BSON",
                "line protocol / JSON into in-memory Bucketry: ")
                .doesNotContain("influxdb");
        assertThat(run.out().lines().filter(line -> line.contains("90 stored after"))).hasSize(3);
        assertThat(run.out().lines().filter(line -> line.contains("duplicates answered"))).allMatch(line -> !line.contains(" 0 duplicates"));
    }

    @Test
    void anUnknownTargetIsBadUsageNamingTheTargets() {
        Cli.Run run = Cli.run("bench-peer", "--targets", "inmemory,cassandra");

        Cli.assertOneLineError(run, 2, "'cassandra' is not one of inmemory, json, mongo-bucket, influxdb");
    }

    @Test
    void aBatchLargerThanBucketryTakesIsBadUsage() {
        Cli.assertOneLineError(Cli.run("bench-peer", "--batch-size", "100001"), 2, "--batch-size at most 100000");
    }

    @Test
    void anInfluxdThatCannotRunFailsSayingHowToInstallIt() {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "2", "--duration", "5m", "--targets", "influxdb",
                "--influxd", "/nonexistent/influxd");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot run '/nonexistent/influxd'", "apt-get install -y influxdb");
    }
}
