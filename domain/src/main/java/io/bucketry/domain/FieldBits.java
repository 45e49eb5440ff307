package io.bucketry.domain;

/**
 * One field value packed in a {@code long}, as {@link Fields} and a bucket ({@link BucketRows}) holds it:
 * the raw bits of a finite number, a text's code tagged with bits no finite number has, or
 * {@link #ABSENT}. A reading's values copy between the two without a conversion.
 */
final class FieldBits {

    /** The bits of +Infinity: never a valid value, so it marks a field the reading lacks. */
    static final long ABSENT = 0x7ff0_0000_0000_0000L;
    /** Exponent all ones (not finite) plus the quiet bit: a text code sits in the low 32 bits. */
    private static final long TEXT_TAG = 0x7ff8_0000_0000_0000L;
    private static final long EXPONENT = 0x7ff0_0000_0000_0000L;

    private FieldBits() {
    }

    /** True for the bits of a (finite) number; false for a text code and for ABSENT. */
    static boolean isNumber(long bits) {
        return (bits & EXPONENT) != EXPONENT;
    }

    static long ofNumber(double value) {
        return Double.doubleToRawLongBits(value);
    }

    static long ofText(int code) {
        return TEXT_TAG | code;
    }

    /** The code of text bits. */
    static int code(long bits) {
        return (int) bits;
    }

    /** The value of {@code bits} (texts looked up in {@code texts} by code), or null for ABSENT. */
    static FieldValue decode(long bits, FieldValue.Text[] texts) {
        if (isNumber(bits)) {
            return new FieldValue.Numeric(Double.longBitsToDouble(bits));
        }
        return bits == ABSENT ? null : texts[code(bits)];
    }
}
