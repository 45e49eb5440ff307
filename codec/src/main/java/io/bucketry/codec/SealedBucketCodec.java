package io.bucketry.codec;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link SealedBucket} to one {@code byte[]} and back, losslessly. Layout (bits, least significant first):
 * format version (8 bits), row count, times ({@link TimeCodec}), column count, then per column its name,
 * its kind (numeric or text, 1 bit), its absent rows ({@link Presence}) and its present values
 * ({@link DecimalCodec} or {@link TextCodec}). Decoding anything else fails with an {@link IllegalArgumentException}.
 */
public final class SealedBucketCodec {

    /** The format version this codec writes; it reads this one and every one back to {@link #OLDEST_VERSION}. */
    public static final int VERSION = 2;
    /** Version 1 wrote each block of doubles raw or decimal, with fixed-width exception positions. */
    public static final int OLDEST_VERSION = 1;

    private SealedBucketCodec() {
    }

    public static byte[] encode(SealedBucket bucket) {
        BitWriter out = new BitWriter();
        out.write(VERSION, 8);
        out.writeVarLong(bucket.count());
        TimeCodec.encode(out, bucket.times());
        out.writeVarLong(bucket.columns().size());
        bucket.columns().forEach((name, column) -> {
            out.writeString(name);
            if (column instanceof NumericColumn numeric) {
                out.writeBit(false);
                Presence.encode(out, numeric.absent(), bucket.count());
                DecimalCodec.encode(out, numeric.present());
            } else {
                TextColumn text = (TextColumn) column;
                out.writeBit(true);
                Presence.encode(out, text.absent(), bucket.count());
                TextCodec.encode(out, text.present());
            }
        });
        return out.toByteArray();
    }

    /** The bucket that {@link #encode} wrote to {@code bytes}; anything else is an {@link IllegalArgumentException}. */
    public static SealedBucket decode(byte[] bytes) {
        SealedBucketReader reader = SealedBucketReader.open(bytes, 0);
        int count = reader.count();
        Map<String, Column> columns = new LinkedHashMap<>();
        while (reader.nextColumn()) {
            String name = reader.name();
            Column column;
            if (reader.isText()) {
                String[] texts = new String[count];
                reader.texts(texts);
                column = TextColumn.decoded(texts);
            } else {
                double[] numbers = new double[count];
                BitSet absent = reader.absentRows();
                reader.numbers(numbers);
                column = NumericColumn.decoded(numbers, absent);
            }
            if (columns.put(name, column) != null) {
                throw BitReader.malformed("column '" + name + "' twice");
            }
        }
        reader.requireEnd();
        try {
            return SealedBucket.of(reader.times(), columns);
        } catch (IllegalArgumentException invalid) {
            throw BitReader.malformed(invalid.getMessage());
        }
    }
}
