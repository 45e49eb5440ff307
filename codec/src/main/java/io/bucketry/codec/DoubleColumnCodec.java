package io.bucketry.codec;

/**
 * A column of doubles alone, in the format a sealed bucket stores its present numbers in: for tools that
 * measure the codec on data of their own. {@link SealedBucketCodec} is what stores use.
 */
public final class DoubleColumnCodec {

    private DoubleColumnCodec() {
    }

    /** The bits {@code values} take, without the last byte's padding. */
    public static long bits(double[] values) {
        BitWriter out = new BitWriter();
        DecimalCodec.encode(out, values);
        return out.position();
    }

    public static byte[] encode(double[] values) {
        BitWriter out = new BitWriter();
        DecimalCodec.encode(out, values);
        return out.toByteArray();
    }

    /** The {@code count} values {@link #encode} wrote to {@code bytes}, bit for bit. */
    public static double[] decode(byte[] bytes, int count) {
        BitReader in = new BitReader(bytes);
        double[] values = DecimalCodec.decode(in, count);
        in.requireEnd();
        return values;
    }
}
