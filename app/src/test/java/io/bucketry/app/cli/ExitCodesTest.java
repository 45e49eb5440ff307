package io.bucketry.app.cli;

import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static io.bucketry.app.cli.Cli.assertOneLineError;
import static org.assertj.core.api.Assertions.assertThat;

/** Exit codes: 2 for anything the user gave wrong (flag, environment, file), 1 for a failure while running. */
class ExitCodesTest {

    /** A simulate of 4 readings, with {@code more} flags. */
    private static String[] tiny(String more) {
        return ("simulate --sensors 2 --interval 1m --duration 2m --batch-size 10 --no-warm-up --json " + more).strip()
                .split(" ");
    }

    @TempDir
    static Path dir;

    @ParameterizedTest(name = "[{0}] {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            -                            | simulate --sensors abc                 | 2 | --sensors
            -                            | serve --port abc                       | 2 | invalid port 'abc' (from flag --port)
            -                            | serve --port 99999                     | 2 | invalid port
            -                            | serve --bind                           | 2 | Missing required parameter
            -                            | serve --max-body-size 1PB              | 2 | invalid maxBodySize
            -                            | simulate --backend mongo               | 2 | invalid backend
            -                            | simulate --retention 0s                | 2 | invalid retention
            -                            | simulate --bucket-max-count 0          | 2 | invalid bucketMaxCount
            -                            | simulate --late-share 2                | 2 | --late-share 2.0 must be between 0 and 1
            -                            | simulate --sensors 0                   | 2 | --sensors 0 must be at least 1
            -                            | simulate --duration soon               | 2 | invalid --duration 'soon'
            -                            | simulate --batch-size 200000           | 2 | larger than maxBatchSize
            -                            | simulate --unknown                     | 2 | Unknown option
            -                            | nonsense                               | 2 | Unmatched argument
            BUCKETRY_PORT=abc            | serve                                  | 2 | (from environment variable BUCKETRY_PORT)
            BUCKETRY_BACKEND=nosql       | simulate                               | 2 | (from environment variable BUCKETRY_BACKEND)
            BUCKETRY_CONFIG=/nonexistent | simulate                               | 2 | does not exist
            -                            | simulate --config /nonexistent.yaml    | 2 | does not exist
            -                            | simulate --sensors 100000000 --duration 90d | 1 | refused
            -                            | simulate --backend mongo-bucket --embedded-mongo --mongo-database a/b --sensors 1 --duration 1m | 2 | database
            -                            | serve --backend mongo-timeseries --embedded-mongo --mongo-collection system.x --port 0 | 2 | collection
            -                            | serve --backend mongo-bucket --embedded-mongo --mongo-database a/b --port 0 | 2 | database
            -                            | simulate --backend mongo-bucket --mongo-uri mongodb://h:port --sensors 1 --duration 1m | 2 | invalid
            -                            | simulate --backend mongo-timeseries --mongo-uri mongodb://h:port --sensors 1 --duration 1m | 2 | invalid
            -                            | simulate --retention 36500d --backend mongo-bucket --embedded-mongo --sensors 1 --duration 1m | 2 | use a retention of at most 24855d
            -                            | simulate --retention 36500d --backend mongo-bucket --mongo-uri mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300 --sensors 1 --duration 1m | 2 | use a retention of at most 24855d
            """)
    void everyKindOfFailureExitsWithItsCode(String env, String args, int code, String fragment) {
        Run run = Cli.run(environment(env), args.split(" "));

        assertOneLineError(run, code, fragment);
    }

    @Test
    void aConfigurationFileWithABadValueOrADuplicateKeyIsABadUsage() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "retention: forever\n");
        Path twice = Files.writeString(dir.resolve("twice.yaml"), "retention: 30d\nretention: 60d\n");

        assertOneLineError(Cli.run("simulate", "--config", bad.toString()), 2, "invalid retention 'forever'");
        assertOneLineError(Cli.run("simulate", "--config", twice.toString()), 2, "sets retention twice (line 2)");
    }

    @Test
    void anUnreachableMongoServerIsAFailureWhileRunning() {
        Run run = Cli.run("simulate", "--backend", "mongo-bucket", "--mongo-uri",
                "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300", "--sensors", "1", "--duration", "1m");

        assertOneLineError(run, 1, "mongo-bucket", "the server at 127.0.0.1:1 did not answer");
    }

    @Test
    void anUnreachableServerForTheTimeSeriesBackendNamesNoOtherBackend() {
        String[] where = {"--backend", "mongo-timeseries", "--mongo-uri", "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300"};
        Run simulate = Cli.run(concat(new String[] {"simulate", "--sensors", "1", "--duration", "1m"}, where));
        Run check = Cli.run(concat(new String[] {"check"}, where));

        assertOneLineError(simulate, 1, "mongo-timeseries", "the server at 127.0.0.1:1 did not answer");
        assertThat(simulate.err()).doesNotContain("mongo-bucket");
        assertThat(check.exitCode()).as(check.err()).isEqualTo(1);
        assertThat(check.out() + check.err()).contains("mongo-timeseries: could not read buildInfo: the server at")
                .doesNotContain("mongo-bucket");
    }

    private static String[] concat(String[] first, String[] second) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(second))
                .toArray(String[]::new);
    }

    @Test
    void aServeOnlySettingInTheEnvironmentDoesNotConcernSimulate() {
        Run run = Cli.run(Map.of("BUCKETRY_PORT", "abc", "BUCKETRY_BIND", " ", "BUCKETRY_MAX_BODY_SIZE", "huge",
                "BUCKETRY_SWEEP_INTERVAL", "never", "BUCKETRY_BODY_READ_TIMEOUT", "slow",
                "BUCKETRY_MAX_CONCURRENT_INGESTS", "many", "BUCKETRY_DRAIN_TIMEOUT", "-1"), tiny(""));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"readings\":4");
    }

    @Test
    void anEmptyEnvironmentVariableCountsAsUnset() {
        Run run = Cli.run(Map.of("BUCKETRY_BACKEND", "", "BUCKETRY_RETENTION", ""), tiny(""));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"backend\":\"inmemory\"");
    }

    @Test
    void aSettingThatCannotBeMeantIsWarnedAboutInOneLineAndTheRunGoesOn() {
        Run run = Cli.run(tiny("--embedded-mongo --bucket-width 100d"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines().lines().filter(line -> line.contains("warning"))).containsExactly(
                "bucketry simulate: warning: embeddedMongo has no effect with backend inmemory; it starts a test MongoDB"
                        + " server for the mongo-bucket and mongo-timeseries backends",
                "bucketry simulate: warning: bucketWidth 100d is longer than retention 90d: a bucket is kept until its"
                        + " whole window has expired, so storage holds readings up to a width past retention; choose a"
                        + " width well below the retention");
    }

    private static Map<String, String> environment(String assignment) {
        Map<String, String> environment = new HashMap<>();
        if (!assignment.equals("-")) {
            String[] parts = assignment.split("=", 2);
            environment.put(parts[0], parts[1]);
        }
        return environment;
    }
}
