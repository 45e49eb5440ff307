package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Progress written to a file or a pipe is plain lines; a bar is drawn only when asked for (on a terminal). */
class IngestProgressTest {

    private static final Scenario SCENARIO = new Scenario(10, Duration.ofMinutes(1), Duration.ofHours(1), 0, 0, 100);
    private static final Pattern DONE = Pattern.compile("bucketry: ingest done: 600 readings, ([\\d,]+) readings/s");

    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8);

    private static ReadingGenerator generator() {
        return new ReadingGenerator(SCENARIO, ReadingGenerator.sensorIds(10), Instant.parse("2026-01-01T00:00:00Z"));
    }

    private static IngestReport slowly(List<ReadingInput> batch) {
        long until = System.nanoTime() + 200_000;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        return new IngestReport(batch.size(), 0, List.of());
    }

    @Test
    void withoutATerminalProgressIsPlainLinesWithTheReportsRateAndNoCarriageReturn() {
        IngestResult result = IngestPhase.run(generator(), IngestProgressTest::slowly,
                new IngestProgress("ingest", SCENARIO.submissions(), out, false, 0));

        String text = captured.toString(StandardCharsets.UTF_8);
        assertThat(text).doesNotContain("\r");
        assertThat(text.lines().filter(line -> line.matches("bucketry: ingest [\\d,]+ of 600 readings \\(\\d+%\\), [\\d,]+ readings/s")))
                .hasSize(6);   // one per batch of 100 with a line interval of 0
        Matcher done = DONE.matcher(text.lines().reduce((a, b) -> b).orElseThrow());
        assertThat(done.matches()).as(text).isTrue();
        assertThat(Long.parseLong(done.group(1).replace(",", ""))).isEqualTo(Math.round(result.readingsPerSecond()));
    }

    @Test
    void anIngestThatFailsPrintsNoDoneLine() {
        IngestProgress progress = new IngestProgress("ingest", SCENARIO.submissions(), out, false, 0);

        org.assertj.core.api.Assertions.assertThatIllegalStateException().isThrownBy(() -> IngestPhase.run(generator(),
                batch -> {
                    throw new IllegalStateException("store gone");
                }, progress));

        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("done");
    }

    @Test
    void plainLinesComeAtMostEveryFewSeconds() {
        IngestPhase.run(generator(), IngestProgressTest::slowly,
                new IngestProgress("ingest", SCENARIO.submissions(), out, false, IngestProgress.LINE_EVERY_NANOS));

        assertThat(captured.toString(StandardCharsets.UTF_8).lines()).singleElement().asString().matches(DONE.asPredicate());
    }

    @Test
    void aBarIsRedrawnInPlaceWithTheReportsRate() {
        IngestResult result = IngestPhase.run(generator(), IngestProgressTest::slowly,
                new IngestProgress("ingest", SCENARIO.submissions(), out, true, 0));

        String text = captured.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("\r", "ingest", "600/600");
        String last = text.substring(text.lastIndexOf('\r') + 1);
        assertThat(last).contains(String.format(java.util.Locale.ROOT, "%,d readings/s", Math.round(result.readingsPerSecond())));
    }

    @Test
    void aCapturedStreamOrAStderrThatIsAPipeIsNoTerminal() {
        assertThat(IngestProgress.onTerminal(out)).isFalse();
        // the test JVM's stderr is a pipe to the build tool
        assertThat(IngestProgress.onTerminal(System.err)).isFalse();
    }
}
