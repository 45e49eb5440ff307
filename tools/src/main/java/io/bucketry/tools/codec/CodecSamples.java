package io.bucketry.tools.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** The data sets of a samples directory: each {@code NAME.csv} one double per line, as ALP's {@code data/samples/} holds them. */
record CodecSamples(String name, double[] values) {

    static List<CodecSamples> read(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            List<CodecSamples> sets = new ArrayList<>();
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".csv")).sorted().toList()) {
                double[] values = Files.readAllLines(file).stream().map(String::strip).filter(line -> !line.isEmpty())
                        .mapToDouble(Double::parseDouble).toArray();
                String name = file.getFileName().toString();
                sets.add(new CodecSamples(name.substring(0, name.length() - ".csv".length()), values));
            }
            if (sets.isEmpty()) {
                throw new IllegalArgumentException("no .csv data set in " + directory);
            }
            return sets;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the samples in " + directory, e);
        }
    }

    /** The whole blocks of {@code size} consecutive values (a short last block is left out, as a bucket would not be sealed). */
    List<double[]> blocks(int size) {
        List<double[]> blocks = new ArrayList<>();
        for (int from = 0; from + size <= values.length; from += size) {
            blocks.add(Arrays.copyOfRange(values, from, from + size));
        }
        return blocks;
    }
}
