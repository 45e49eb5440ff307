package io.bucketry.app.cli;

import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.app.cli.Cli.assertOneLineError;
import static org.assertj.core.api.Assertions.assertThat;

/** Help, version and every kind of usage or configuration error: one line on stderr, non-zero exit. */
class CommandLineTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "simulate", "serve", "help"})
    void everyCommandHasHelp(String command) {
        Run run = command.isEmpty() ? Cli.run("--help") : Cli.run(command, "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: bucketry");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void theCommandListGivesEveryCommandAWholeSentence() {
        // given: the top-level help's command list, continuation lines joined to their command
        String help = Cli.run("--help").out();
        List<String> entries = new ArrayList<>();
        for (String line : help.substring(help.indexOf("Commands:") + "Commands:".length()).strip().lines().toList()) {
            if (line.startsWith("  ") && !line.startsWith("   ") || entries.isEmpty()) {
                entries.add(line.strip());
            } else {
                entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.strip());
            }
        }

        // then: each summary ends where its sentence ends, not where a line of the description broke
        assertThat(entries).hasSizeGreaterThanOrEqualTo(8)
                .allSatisfy(entry -> assertThat(entry).as(entry).endsWith("."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"import", "migrate", "export", "check"})
    void longDescriptionsWrapAtTheHelpWidthWithoutRaggedLines(String command) {
        // given: the description of a command's help: the lines after the usage block, before the first option
        List<String> lines = Cli.run(command, "--help").out().lines().toList();
        int at = lines.indexOf(lines.stream().filter(line -> line.startsWith("Usage:")).findFirst().orElseThrow()) + 1;
        while (lines.get(at).startsWith(" ")) {
            at++;
        }
        List<String> description = lines.subList(at + 1, lines.size()).stream().takeWhile(line -> !line.startsWith(" "))
                .toList();   // after the one-sentence summary the command list shows

        // then: picocli fills each line (a hand-broken array left lines of a few words between full ones)
        assertThat(description).hasSizeGreaterThan(1);
        for (String line : description.subList(0, description.size() - 1)) {
            assertThat(line.length()).as("%s: '%s'", command, line).isGreaterThan(60);
        }
    }

    @Test
    void helpNamesTheFlagsAndTheirEnvironmentVariables() {
        assertThat(Cli.run("simulate", "--help").out()).contains("--sensors", "--interval", "--duration", "--late-share",
                "--duplicate-share", "--batch-size", "--json", "--backend", "--config", "--bucket-width",
                "--bucket-max-count", "--retention", "--mongo-uri", "--mongo-database", "BUCKETRY_BACKEND", "MONGODB_URI",
                "--embedded-mongo", "BUCKETRY_EMBEDDED_MONGO", "--timeseries-fallback", "BUCKETRY_TIMESERIES_FALLBACK");
        assertThat(Cli.run("serve", "--help").out()).contains("--port", "--bind", "--max-body-size", "default 8080",
                "default 127.0.0.1", "--embedded-mongo", "--timeseries-fallback");
    }

    @Test
    void versionNamesTheProjectVersion() {
        Run run = Cli.run("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("bucketry ").doesNotContain("unknown").doesNotContain("${");
    }

    @Test
    void noCommandIsABadUsage() {
        assertOneLineError(Cli.run(), 2, "missing command", "--help");
    }

    @Test
    void anUnknownFlagIsABadUsage() {
        assertOneLineError(Cli.run("simulate", "--sensorz", "5"), 2, "bucketry simulate: Unknown option", "'--sensorz'");
    }

    @Test
    void aFlagOfTheWrongTypeIsABadUsage() {
        assertOneLineError(Cli.run("simulate", "--sensors", "many"), 2, "--sensors", "many");
    }

    @Test
    void anInvalidConfigurationValueStopsWithOneLineNamingTheKey() {
        assertOneLineError(Cli.run("simulate", "--bucket-width", "5x"), 2,
                "invalid bucketWidth '5x' (from flag --bucket-width)", "500ms, 30s, 5m, 1h, 90d");
        assertOneLineError(Cli.run(Map.of("BUCKETRY_RETENTION", "forever"), "serve"), 2,
                "invalid retention 'forever' (from environment variable BUCKETRY_RETENTION)");
        assertOneLineError(Cli.run("serve", "--port", "99999"), 2, "invalid port '99999'", "0 to 65535");
        assertOneLineError(Cli.run("serve", "--config", "/nonexistent/bucketry.yaml"), 2, "does not exist");
    }

    @Test
    void aMongoUriIsNeverEchoedWithItsPassword() {
        Run run = Cli.run("simulate", "--mongo-uri", "mongo://alice:s3cret@db");

        assertOneLineError(run, 2, "invalid mongoUri", "***@db");
        assertThat(run.err()).doesNotContain("s3cret");
    }

    @Test
    void aBooleanFlagWithAValueOtherThanTrueOrFalseNamesTheKey() {
        assertOneLineError(Cli.run("simulate", "--embedded-mongo=yes"), 2,
                "invalid embeddedMongo 'yes' (from flag --embedded-mongo)", "true or false");
    }

    @Test
    void anInvalidScenarioStopsWithOneLine() {
        assertOneLineError(Cli.run("simulate", "--late-share", "1.5"), 2, "--late-share 1.5 must be between 0 and 1");
        assertOneLineError(Cli.run("simulate", "--interval", "soon"), 2, "invalid --interval 'soon'");
        assertOneLineError(Cli.run("simulate", "--batch-size", "200000"), 2, "--batch-size 200000 is larger than maxBatchSize");
        assertOneLineError(Cli.run("simulate", "--dashboard-rounds", "0"), 2, "--dashboard-rounds 0 must be at least 1");
        assertOneLineError(Cli.run("simulate", "--duration", "30s", "--interval", "1m"), 2,
                "--duration 30s must be at least one --interval (1m)");
    }

    @Test
    void aRunThatCannotFitTheHeapIsRefusedBeforeGeneratingWithTheEstimateAndWhatToDo() {
        Run run = Cli.run("simulate", "--sensors", "100000000", "--duration", "90d");

        assertOneLineError(run, 1, "bucketry simulate: refused: ", "readings need about", "GB of heap", "-Xmx", "fewer --sensors",
                "shorter --duration", "--no-memory-check");
    }

    @Test
    void aRunAttemptedDespiteTheEstimateStopsAtTheStoresMemoryLimitWithOneLine() {
        // when: far more readings than the estimate allows, attempted anyway, with a small memory limit
        Run run = Cli.run("simulate", "--sensors", "1000000", "--duration", "90d", "--no-memory-check",
                "--memory-limit", "1%", "--no-warm-up", "--no-progress-bar");

        // then: the store refused a batch at its limit, not the estimate before anything was generated
        assertOneLineError(run, 1, "bucketry simulate: the in-memory store cannot take these", "its memory limit is",
                "none of them was stored");
        assertThat(run.err()).doesNotContain("readings need about");
    }
}
