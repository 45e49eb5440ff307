package io.bucketry.codec;

import java.util.Locale;
import java.util.function.BiConsumer;

/** The benchmark's size figures: bits per value of each column kind (beside other codecs on real data: {@code bucketry bench-codec}). */
final class CodecFigures {

    private CodecFigures() {
    }

    /** Prints one Markdown table of the sizes of {@code buckets} buckets of {@code rows} readings. */
    static void print(int buckets, int rows) {
        GeneratorShapedData data = new GeneratorShapedData(buckets, rows);
        long values = (long) buckets * rows;
        System.out.printf(Locale.ROOT, "%nSizes, %d buckets of %d readings (%d values per column), bits per value:%n",
                buckets, rows, values);
        System.out.println("| column | sealed codec |");
        System.out.println("|---|---:|");
        for (String name : new String[] {"temperature", "pressure", "random"}) {
            double ours = bits(data.numbers(name), DecimalCodec::encode) / (double) values;
            System.out.printf(Locale.ROOT, "| %s | %.2f |%n", name, ours);
        }
        System.out.printf(Locale.ROOT, "| times (60 s cadence) | %.3f |%n", bits(data.times, TimeCodec::encode) / (double) values);
        System.out.printf(Locale.ROOT, "| status (OK/WARN) | %.3f |%n", bits(data.status, TextCodec::encode) / (double) values);
        long bytes = 0;
        for (int b = 0; b < buckets; b++) {
            bytes += SealedBucketCodec.encode(data.bucket(b)).length;
        }
        System.out.printf(Locale.ROOT, "Whole sealed bucket (times, temperature, pressure, status, names, padding): %.2f bytes per reading%n",
                bytes / (double) values);
    }

    /** The bits that {@code encoder} writes for all of {@code columns}, each column on its own. */
    static <T> long bits(T[] columns, BiConsumer<BitWriter, T> encoder) {
        long bits = 0;
        for (T column : columns) {
            BitWriter out = new BitWriter();
            encoder.accept(out, column);
            bits += out.position();
        }
        return bits;
    }
}
