package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The command's wiring; the measurement itself is run by hand (docs/design/codec.md, "On real data"). */
class BenchCodecCommandTest {

    @Test
    void aSmallSamplesDirectoryGivesARowPerDataSetTheMediansAndTheRates(@TempDir Path samples) throws IOException {
        Files.writeString(samples.resolve("steps.csv"), IntStream.range(0, 200)
                .mapToObj(i -> String.format(Locale.ROOT, "%.2f", 20 + (i % 17) * 0.25)).collect(Collectors.joining("\n")));
        Files.writeString(samples.resolve("zeros.csv"), IntStream.range(0, 200).mapToObj(i -> i == 99 ? "123456.5" : "0")
                .collect(Collectors.joining("\n")));

        Cli.Run run = Cli.run("bench-codec", "--samples", samples.toString(), "--block-sizes", "100,50", "--rounds", "1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("| data set | ALP paper | Bucketry 100 | ALP 100 | zstd-19 100 | Gorilla 100 | Bucketry 50 |",
                "| steps |", "| zeros |", "| **median** |", "blocks of 100: encode", "blocks of 50: encode");
    }

    @Test
    void aMissingSamplesDirectoryFailsSayingWhich(@TempDir Path parent) {
        Cli.Run run = Cli.run("bench-codec", "--samples", parent.resolve("nowhere").toString(), "--rounds", "0");

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("nowhere");
    }
}
