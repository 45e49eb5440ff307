package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The command's wiring; the benchmark itself is run by hand (docs/reference/cli.md, "bench-influxql"). */
class BenchInfluxQlCommandTest {

    @Test
    void theParserPartReportsStatementsPerCpuSecond() {
        Cli.Run run = Cli.run("bench-influxql", "--parse-only", "--parse-seconds", "1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().filter(line -> line.startsWith("parser measured: ")
                && line.contains("statements per CPU-second of one thread"))).hasSize(1);
        assertThat(run.out()).doesNotContain("influxd");
    }

    @Test
    void anInfluxdThatCannotRunFailsSayingHowToInstallIt() {
        Cli.Run run = Cli.run("bench-influxql", "--parse-seconds", "1", "--influxd", "/nonexistent/influxd");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot run '/nonexistent/influxd'", "apt-get install -y influxdb");
    }
}
