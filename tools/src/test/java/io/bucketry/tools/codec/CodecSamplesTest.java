package io.bucketry.tools.codec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CodecSamplesTest {

    @Test
    void everyCsvFileIsADataSetOfOneDoublePerLineAndOnlyWholeBlocksCount(@TempDir Path directory) throws IOException {
        Files.writeString(directory.resolve("b.csv"), "1.5\n\n-0.0\n2e3\n");
        Files.writeString(directory.resolve("a.csv"), "7\n8\n9\n10\n11\n");
        Files.writeString(directory.resolve("notes.txt"), "not a data set");

        List<CodecSamples> sets = CodecSamples.read(directory);

        assertThat(sets).extracting(CodecSamples::name).containsExactly("a", "b");
        assertThat(sets.get(1).values()).containsExactly(1.5, -0.0, 2e3);
        assertThat(sets.get(0).blocks(2)).hasSize(2).last().satisfies(block -> assertThat(block).containsExactly(9.0, 10.0));
    }

    @Test
    void aDirectoryWithoutDataSetsIsRefused(@TempDir Path directory) {
        assertThatThrownBy(() -> CodecSamples.read(directory)).hasMessageContaining("no .csv data set in");
    }
}
