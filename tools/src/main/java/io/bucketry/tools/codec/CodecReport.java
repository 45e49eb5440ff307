package io.bucketry.tools.codec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The bits-per-value table of every data set at each block size, the medians, and the data sets where a peer wins. */
final class CodecReport {

    /** A peer that beats Bucketry by more than this share is listed. */
    static final double MARGIN = 0.10;

    private CodecReport() {
    }

    static void print(PrintWriter out, List<CodecSamples> sets, int[] blockSizes) {
        List<CodecSizes[]> rows = new ArrayList<>();
        for (CodecSamples set : sets) {
            CodecSizes[] sizes = new CodecSizes[blockSizes.length];
            for (int s = 0; s < blockSizes.length; s++) {
                sizes[s] = CodecSizes.of(set, blockSizes[s]);
            }
            rows.add(sizes);
        }
        StringBuilder header = new StringBuilder("| data set | ALP paper |");
        StringBuilder rule = new StringBuilder("|---|---:|");
        for (int size : blockSizes) {
            header.append(String.format(Locale.ROOT, " Bucketry %d | ALP %d | zstd-19 %d | Gorilla %d |", size, size, size, size));
            rule.append("---:|---:|---:|---:|");
        }
        out.println("Bits per value; ALP on the same blocks by its cost model (a lower bound), ALP paper on the whole data set.");
        out.println(header);
        out.println(rule);
        List<String> losses = new ArrayList<>();
        for (int r = 0; r < sets.size(); r++) {
            OptionalDouble paper = AlpPaperFigures.of(sets.get(r).name());
            StringBuilder line = new StringBuilder("| " + sets.get(r).name() + " | "
                    + (paper.isPresent() ? format(paper.getAsDouble()) : "") + " |");
            for (int s = 0; s < blockSizes.length; s++) {
                CodecSizes sizes = rows.get(r)[s];
                line.append(String.format(Locale.ROOT, " %s | %s | %s | %s |", format(sizes.bucketry()), format(sizes.alp()),
                        format(sizes.zstd()), format(sizes.gorilla())));
                if (sizes.bucketry() > (1 + MARGIN) * sizes.bestPeer()) {
                    losses.add(String.format(Locale.ROOT, "%s at %d: Bucketry %.2f, zstd-19 %.2f, Gorilla %.2f",
                            sets.get(r).name(), blockSizes[s], sizes.bucketry(), sizes.zstd(), sizes.gorilla()));
                }
            }
            out.println(line);
        }
        StringBuilder medians = new StringBuilder("| **median** | " + format(paperMedian(sets)) + " |");
        for (int s = 0; s < blockSizes.length; s++) {
            int size = s;
            medians.append(String.format(Locale.ROOT, " %s | %s | %s | %s |",
                    format(median(rows.stream().mapToDouble(row -> row[size].bucketry()).toArray())),
                    format(median(rows.stream().mapToDouble(row -> row[size].alp()).toArray())),
                    format(median(rows.stream().mapToDouble(row -> row[size].zstd()).toArray())),
                    format(median(rows.stream().mapToDouble(row -> row[size].gorilla()).toArray()))));
        }
        out.println(medians);
        out.println(losses.isEmpty() ? "No data set where zstd-19 or Gorilla beats Bucketry by more than 10 % at the same block size."
                : "zstd-19 or Gorilla beats Bucketry by more than 10 % on: " + String.join("; ", losses));
    }

    /** The median of the paper's figures over the data sets that have one. */
    private static double paperMedian(List<CodecSamples> sets) {
        return median(sets.stream().map(set -> AlpPaperFigures.of(set.name())).filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble).toArray());
    }

    private static double median(double[] figures) {
        return figures.length == 0 ? Double.NaN : CodecSpeed.median(figures);
    }

    private static String format(double bits) {
        return String.format(Locale.ROOT, "%.2f", bits);
    }
}
