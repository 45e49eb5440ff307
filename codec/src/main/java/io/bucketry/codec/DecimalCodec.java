package io.bucketry.codec;

/**
 * Doubles in blocks of up to {@value #BLOCK} values, each block in the smallest of four forms (2 bits): raw
 * (64 bits a value), {@link DecimalForm decimal}, {@link FrontBitsForm front bits} or
 * {@link DictionaryForm dictionary}. Format version 1 knew two forms in 1 bit (raw, decimal) and wrote the
 * decimal form's positions and exception count in fixed widths; it is still read.
 */
final class DecimalCodec {

    static final int BLOCK = 1024;
    static final int RAW = 0;
    static final int DECIMAL = 1;
    static final int FRONT_BITS = 2;
    static final int DICTIONARY = 3;

    private DecimalCodec() {
    }

    static void encode(BitWriter out, double[] values) {
        BlockEncoder encoder = BlockEncoder.forThisThread();
        for (int from = 0; from < values.length; from += BLOCK) {
            encoder.plan(values, from, Math.min(values.length, from + BLOCK), true).write(out);
        }
    }

    static double[] decode(BitReader in, int count) {
        double[] values = new double[count];
        decode(in, values, count, SealedBucketCodec.VERSION);
        return values;
    }

    /** Decodes {@code count} values of format {@code version} into {@code values[0, count)}. */
    static void decode(BitReader in, double[] values, int count, int version) {
        for (int from = 0; from < count; from += BLOCK) {
            int length = Math.min(count - from, BLOCK);
            switch (readForm(in, version)) {
                case RAW -> decodeRaw(in, values, from, length);
                case DECIMAL -> DecimalForm.decode(in, values, from, length, version);
                case FRONT_BITS -> FrontBitsForm.decode(in, values, from, length);
                default -> DictionaryForm.decode(in, values, from, length);
            }
        }
    }

    /** Passes over {@code count} values of format {@code version} without decoding them. */
    static void skip(BitReader in, int count, int version) {
        for (int from = 0; from < count; from += BLOCK) {
            int length = Math.min(count - from, BLOCK);
            switch (readForm(in, version)) {
                case RAW -> in.skip(64L * length);
                case DECIMAL -> DecimalForm.skip(in, length, version);
                case FRONT_BITS -> FrontBitsForm.skip(in, length);
                default -> DictionaryForm.skip(in, length);
            }
        }
    }

    /** Decodes the entries of a dictionary: one block in any form but a dictionary. */
    static void decodeEntries(BitReader in, double[] entries) {
        switch (readEntriesForm(in)) {
            case RAW -> decodeRaw(in, entries, 0, entries.length);
            case DECIMAL -> DecimalForm.decode(in, entries, 0, entries.length, SealedBucketCodec.VERSION);
            default -> FrontBitsForm.decode(in, entries, 0, entries.length);
        }
    }

    /** Passes over the entries of a dictionary of {@code count} values. */
    static void skipEntries(BitReader in, int count) {
        switch (readEntriesForm(in)) {
            case RAW -> in.skip(64L * count);
            case DECIMAL -> DecimalForm.skip(in, count, SealedBucketCodec.VERSION);
            default -> FrontBitsForm.skip(in, count);
        }
    }

    private static int readForm(BitReader in, int version) {
        return version == 1 ? (in.readBit() ? RAW : DECIMAL) : (int) in.read(2);
    }

    private static int readEntriesForm(BitReader in) {
        int form = (int) in.read(2);
        if (form == DICTIONARY) {
            throw BitReader.malformed("a dictionary's entries in a dictionary");
        }
        return form;
    }

    private static void decodeRaw(BitReader in, double[] values, int from, int length) {
        in.require(64L * length);
        for (int i = from; i < from + length; i++) {
            values[i] = Double.longBitsToDouble(in.read(64));
        }
    }
}
