package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** simulate's progress when stderr is captured (as in a log): plain lines, the report's rate; a bar only on request. */
class SimulateProgressTest {

    private static final String[] TINY = {"simulate", "--sensors", "20", "--duration", "2h", "--batch-size", "100", "--json",
            "--no-extra-phases"};

    @Test
    void capturedProgressIsPlainLinesWhoseRateIsTheReportsRate() throws Exception {
        Run run = Cli.run(TINY);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("\r").contains("bucketry: warm-up done: ");
        Matcher done = Pattern.compile("bucketry: ingest done: 2,400 readings, ([\\d,]+) readings/s").matcher(run.err());
        assertThat(done.find()).as(run.err()).isTrue();
        long reported = new ObjectMapper().readTree(run.out()).get("ingest").get("readingsPerSecond").asLong();
        assertThat(Long.parseLong(done.group(1).replace(",", ""))).isEqualTo(reported);
    }

    @Test
    void theProgressBarFlagDrawsABarEvenWhenCaptured() {
        String[] args = java.util.Arrays.copyOf(TINY, TINY.length + 1);
        args[TINY.length] = "--progress-bar";
        Run run = Cli.run(args);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("\r").doesNotContain("ingest done");
    }
}
