package io.bucketry.tools.codec;

import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.SealedBucketCodec;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Encode and decode rates of the sealed-bucket codec on the samples, in million values per CPU-second of
 * this thread: each block a one-column bucket, sealed and read back through the public codec alone, so the
 * same class measures an older codec put first on the class path. Medians of the rounds after a warm-up.
 */
public final class CodecSpeed {

    private CodecSpeed() {
    }

    /** Arguments: the samples directory, then optionally the rounds (default 15) and the block sizes (default 1024,60). */
    public static void main(String[] args) {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        String sizes = args.length > 2 ? args[2] : "1024,60";
        List<CodecSamples> sets = CodecSamples.read(Path.of(args[0]));
        for (String size : sizes.split(",")) {
            System.out.println(line(sets, Integer.parseInt(size.strip()), rounds));
        }
    }

    static String line(List<CodecSamples> sets, int blockSize, int rounds) {
        List<SealedBucket> buckets = new ArrayList<>();
        for (CodecSamples set : sets) {
            for (double[] block : set.blocks(blockSize)) {
                long[] times = new long[block.length];
                Arrays.setAll(times, row -> 60_000L * row);
                buckets.add(SealedBucket.of(times, java.util.Map.of("v", NumericColumn.of(block))));
            }
        }
        long values = (long) buckets.size() * blockSize;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] encode = new double[rounds];
        double[] decode = new double[rounds];
        byte[][] encoded = new byte[buckets.size()][];
        long sink = 0;
        for (int round = -rounds / 2; round < rounds; round++) {   // the first half as many rounds again warm up
            long start = threads.getCurrentThreadCpuTime();
            for (int b = 0; b < buckets.size(); b++) {
                encoded[b] = SealedBucketCodec.encode(buckets.get(b));
            }
            long encoded0 = threads.getCurrentThreadCpuTime();
            for (byte[] bytes : encoded) {
                sink += SealedBucketCodec.decode(bytes).count();
            }
            long decoded = threads.getCurrentThreadCpuTime();
            if (round >= 0) {
                encode[round] = values / ((encoded0 - start) / 1e3);
                decode[round] = values / ((decoded - encoded0) / 1e3);
            }
        }
        return String.format(Locale.ROOT, "blocks of %d: encode %.1f, decode %.1f M values per CPU-second (median of %d rounds; %d)",
                blockSize, median(encode), median(decode), rounds, sink % 2);
    }

    static double median(double[] figures) {
        double[] sorted = figures.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
