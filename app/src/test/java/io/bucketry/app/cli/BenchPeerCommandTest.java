package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The command's wiring and its refusals; the benchmark itself is run by hand (docs/reference/cli.md, "bench-peer"). */
class BenchPeerCommandTest {

    @Test
    void aTinyRunFeedsEveryBucketryTargetAsksTheQueriesAndReportsWhatEachStored() {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "3", "--duration", "30m", "--batch-size", "20",
                "--clients", "2", "--rounds", "1", "--query-repeats", "2", "--duplicate-share", "0.2",
                "--targets", "inmemory,json,mongo-bucket");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("3 sensors x 30m every 1m = 90 readings", "clients [2]",
                "bucketry inmemory, line protocol", "bucketry inmemory, JSON /v1/readings",
                "bucketry mongo-bucket (embedded test server), line protocol", "heap retained", "stored BSON",
                "| answers vs inmemory |")
                .doesNotContain("influxdb", "DIFFERS");
        assertThat(run.out().lines().filter(line -> line.contains("90 stored after"))).hasSize(3)
                .allMatch(line -> !line.contains(" 0 duplicates"));
        // every target's answers, in rows and in columns, equal the first target's
        for (String row : new String[] {"| answers vs inmemory |", "| answers in columns vs inmemory |"}) {
            assertThat(run.out().lines().filter(line -> line.startsWith(row))).as(row).singleElement()
                    .satisfies(line -> assertThat(line.split("Q1 equal; Q2 equal; Q3 equal; Q4 equal", -1)).hasSize(4));
        }
    }

    @Test
    void aJvmOptionReachesTheBucketryServersJvmAndIsReported() {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "2", "--duration", "10m", "--batch-size", "10", "--clients", "1",
                "--rounds", "1", "--query-repeats", "1", "--targets", "inmemory", "--no-columns",
                "--bucketry-jvm-option=-XX:TieredStopAtLevel=1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Bucketry's JVM given -XX:TieredStopAtLevel=1", "20 stored after");
    }

    @Test
    void aJvmOptionTheJvmRefusesFailsTheRunWithTheJvmsWords() {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "2", "--duration", "5m", "--targets", "inmemory",
                "--bucketry-jvm-option=-XX:+NoSuchBucketryOption");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("NoSuchBucketryOption");
    }

    @Test
    void anUnknownTargetIsBadUsageNamingTheTargets() {
        Cli.Run run = Cli.run("bench-peer", "--targets", "inmemory,cassandra");

        Cli.assertOneLineError(run, 2, "'cassandra' is not one of inmemory, json, mongo-bucket, influxdb, victoriametrics, questdb");
    }

    @Test
    void aBatchLargerThanBucketryTakesIsBadUsage() {
        Cli.assertOneLineError(Cli.run("bench-peer", "--batch-size", "100001"), 2, "--batch-size at most 100000");
    }

    @Test
    void clientCountsThatAreNotNumbersAreBadUsage() {
        Cli.assertOneLineError(Cli.run("bench-peer", "--clients", "1,four"), 2, "--clients must list counts of at least 1");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "influxdb        | --influxd          | /nonexistent/influxd          | cannot run '/nonexistent/influxd'          | apt-get install -y influxdb",
            "victoriametrics | --victoria-metrics | /nonexistent/victoria-metrics | cannot run '/nonexistent/victoria-metrics' | apt-get install -y victoria-metrics",
            "questdb         | --questdb-jar      | /nonexistent/questdb.jar      | no QuestDB jar at /nonexistent/questdb.jar | org.questdb:questdb:9.2.2"})
    void aPeerThatCannotRunFailsSayingHowToGetIt(String target, String option, String path, String problem, String fix) {
        Cli.Run run = Cli.run("bench-peer", "--sensors", "2", "--duration", "5m", "--targets", target, option, path);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains(problem, fix);
    }
}
