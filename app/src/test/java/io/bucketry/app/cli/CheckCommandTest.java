package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bucketry check} against the embedded test server: its report, its gaps as SKIP, its exit codes. */
class CheckCommandTest {

    private static final Pattern LINE = Pattern.compile("^(PASS|FAIL|SKIP) (.+?)(?: - (.*))?$");
    private static final Pattern SUMMARY = Pattern.compile("^(\\d+) passed, (\\d+) failed, (\\d+) skipped$");
    private static final List<String> BEHAVIOURS = List.of("round trip", "late readings in place",
            "duplicates across batches", "duplicates after ms truncation", "racing writers", "multiple writers with tiers",
            "page N", "window aggregates",
            "latest", "delete series", "retention hiding", "index definitions", "TTL index options", "layout refusal",
            "write concern");

    /** Check name -> "STATUS detail", in report order. */
    private static Map<String, String> lines(String out) {
        Map<String, String> checks = new LinkedHashMap<>();
        for (String line : out.strip().lines().toList()) {
            Matcher matcher = LINE.matcher(line);
            if (matcher.matches()) {
                checks.put(matcher.group(2), matcher.group(1) + " " + matcher.group(3));
            }
        }
        return checks;
    }

    private static long count(Map<String, String> checks, String status) {
        return checks.values().stream().filter(line -> line.startsWith(status + " ")).count();
    }

    @Test
    void mongoBucketCheckPassesTheContractAndSkipsWhatTheEmbeddedServerCannotShowWithTheReason() {
        Run run = Cli.run("check", "--backend", "mongo-bucket", "--embedded-mongo");

        List<String> out = run.out().strip().lines().toList();
        assertThat(out.get(0)).startsWith("bucketry check - backend mongo-bucket on mongodb://127.0.0.1:");
        assertThat(out.get(1)).startsWith("server ").contains(", FCV unknown (getParameter featureCompatibilityVersion refused");
        assertThat(out.get(2)).matches("scratch database bucketry_check_\\d{8}_\\d{6}_[0-9a-f]{4} \\(dropped at the end.*");
        Map<String, String> checks = lines(run.out());
        assertThat(checks.keySet()).containsAll(BEHAVIOURS).contains("overflow", "index use", "stored bytes per reading")
                .doesNotContain("time-series options");
        for (String name : BEHAVIOURS) {
            assertThat(checks.get(name)).as(name).startsWith("PASS ");
        }
        assertThat(checks.get("overflow")).startsWith("PASS ");
        assertThat(checks.get("tags")).startsWith("PASS ").contains("{\"tags\": 1, \"start\": 1}", "groups by building");
        assertThat(checks.get("index use")).startsWith("SKIP ").contains("cannot explain");
        assertThat(checks.get("stored bytes per reading")).startsWith("SKIP ").contains("$bsonSize");
        assertThat(checks.get("sealing index")).startsWith("SKIP ").contains("mongoLayout is rows");
        Matcher summary = SUMMARY.matcher(out.get(out.size() - 1));
        assertThat(summary.matches()).as(out.get(out.size() - 1)).isTrue();
        assertThat(Long.parseLong(summary.group(1))).isEqualTo(count(checks, "PASS"));
        assertThat(Long.parseLong(summary.group(2))).isEqualTo(count(checks, "FAIL"));
        assertThat(Long.parseLong(summary.group(3))).isEqualTo(count(checks, "SKIP"));
        assertThat(out.get(out.size() - 2)).matches("scratch database bucketry_check_\\S+ dropped");
        assertThat(count(checks, "FAIL")).as(run.out().toString()).isZero();
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    @Test
    void mongoBucketCheckOfTheSealedLayoutPassesEveryBehaviourAndFindsItsSealingIndex() {
        Run run = Cli.run("check", "--backend", "mongo-bucket", "--embedded-mongo", "--mongo-layout", "sealed");

        Map<String, String> checks = lines(run.out());
        for (String name : BEHAVIOURS) {
            assertThat(checks.get(name)).as(name).startsWith("PASS ");
        }
        assertThat(checks.get("sealing index")).startsWith("PASS ").contains("{\"unsealed\": 1, \"start\": 1}");
        assertThat(checks.get("tags")).startsWith("PASS ");
        assertThat(count(checks, "FAIL")).as(run.out().toString()).isZero();
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    @Test
    void mongoTimeSeriesCheckWithJsonPrintsOneObjectWhoseCountsMatchItsChecks() throws Exception {
        Run run = Cli.run("check", "--backend", "mongo-timeseries", "--embedded-mongo", "--json");

        assertThat(run.out().strip().lines()).hasSize(1);
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(report.get("backend").asText()).isEqualTo("mongo-timeseries");
        assertThat(report.get("embeddedServer").asBoolean()).isTrue();
        assertThat(report.get("database").asText()).startsWith("bucketry_check_");
        Map<String, String> checks = new LinkedHashMap<>();
        report.get("checks").forEach(c -> checks.put(c.get("name").asText(), c.get("status").asText() + " " + c.get("detail").asText()));
        for (String name : BEHAVIOURS) {
            assertThat(checks.get(name)).as(name).startsWith("PASS ");
        }
        assertThat(checks).doesNotContainKey("overflow");
        assertThat(checks.get("time-series options")).startsWith("SKIP ").contains("no native time-series");
        assertThat(checks.get("TTL index options")).contains("fallback");
        assertThat(report.get("passed").asLong()).isEqualTo(count(checks, "PASS"));
        assertThat(report.get("failed").asLong()).isEqualTo(count(checks, "FAIL"));
        assertThat(report.get("skipped").asLong()).isEqualTo(count(checks, "SKIP"));
        assertThat(report.get("failed").asLong()).isZero();
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void checkOfABackendWithoutAServerIsBadUsage() {
        Run run = Cli.run("check", "--backend", "inmemory");

        Cli.assertOneLineError(run, 2, "check needs --backend mongo-bucket or mongo-timeseries");
    }

    @Test
    void checkHasHelpThatNamesItsOptions() {
        Run run = Cli.run("check", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out().replaceAll("\\s+", " ")).contains("--keep", "--json", "--verbose", "--embedded-mongo",
                "--mongo-uri", "send us its output");
    }
}
