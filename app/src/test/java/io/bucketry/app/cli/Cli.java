package io.bucketry.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the command line in-process with captured stdout and stderr and a given environment. */
final class Cli {

    record Run(int exitCode, String out, String err) {
        /** Stderr without the progress bar's carriage-return frames. */
        String errLines() {
            return err.replaceAll("[^\\n]*\\r", "");
        }
    }

    static Run run(Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BucketryCommand.execute(args, environment, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run run(String... args) {
        return run(Map.of(), args);
    }

    /**
     * The run failed with {@code exitCode}: its last line on stderr is the error, one line holding every
     * fragment; any line before it is one of bucketry's own (a warning, where a run writes), never a
     * stack trace.
     */
    static void assertOneLineError(Run run, int exitCode, String... fragments) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(exitCode);
        assertThat(run.out()).isEmpty();
        List<String> lines = run.err().strip().lines().toList();
        assertThat(lines).as(run.err()).isNotEmpty().allMatch(line -> line.startsWith("bucketry"));
        assertThat(lines.get(lines.size() - 1)).contains(fragments);
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    private Cli() {
    }
}
