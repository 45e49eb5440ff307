package io.bucketry.tools.codec;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bucketry bench-codec}: the sealed-bucket codec on real data sets beside ALP, zstd-19 and Gorilla. */
@Command(name = "bench-codec", mixinStandardHelpOptions = true,
        description = {"Measure the codec on real data sets: bits per value of Bucketry, ALP (its cost model on the same blocks, "
                + "and the paper's figure), zstd -19 and Gorilla per data set and block size, the medians, then Bucketry's "
                + "encode and decode rates by CPU time.",
                "The samples are the .csv files of a directory, one double per line (ALP's data/samples/)."})
public final class BenchCodecCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--samples", paramLabel = "DIR", required = true, description = "The directory of .csv data sets.")
    Path samples;

    @Option(names = "--block-sizes", paramLabel = "LIST", defaultValue = "1024,60",
            description = "Values per block, comma-separated (default ${DEFAULT-VALUE}).")
    String blockSizes;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "15",
            description = "Timed rounds of encode and decode (default ${DEFAULT-VALUE}; 0: sizes only).")
    int rounds;

    @Override
    public Integer call() {
        List<CodecSamples> sets = CodecSamples.read(samples);
        int[] sizes = Arrays.stream(blockSizes.split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
        PrintWriter out = spec.commandLine().getOut();
        CodecReport.print(out, sets, sizes);
        for (int size : sizes) {
            if (rounds > 0) {
                out.println(CodecSpeed.line(sets, size, rounds));
            }
        }
        out.flush();
        return 0;
    }
}
