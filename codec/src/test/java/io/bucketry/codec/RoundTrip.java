package io.bucketry.codec;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/** Test support: one column through an encoder and its decoder, which must consume exactly what was written. */
final class RoundTrip {

    private RoundTrip() {
    }

    static <T, R> R of(T column, int count, BiConsumer<BitWriter, T> encoder, BiFunction<BitReader, Integer, R> decoder) {
        BitWriter out = new BitWriter();
        encoder.accept(out, column);
        BitReader in = new BitReader(out.toByteArray());
        R decoded = decoder.apply(in, count);
        in.requireEnd();
        return decoded;
    }
}
