package io.bucketry.adapter.inmemory;

/**
 * One field value of a stored row packed in a {@code long}, so that a row is one run of longs in
 * its bucket's array ({@link PackedRows}) with no object per value: the raw bits of a finite
 * number, a text's code tagged with bits that no finite number has (exponent all ones), or
 * {@link #ABSENT} where the reading lacks the column's field.
 */
final class PackedValue {

    /** The bits of +Infinity: never a valid value, so it marks a field the reading lacks. */
    static final long ABSENT = 0x7ff0_0000_0000_0000L;
    /** Exponent all ones (not finite) plus the quiet bit: a text code sits in the low 32 bits. */
    private static final long TEXT_TAG = 0x7ff8_0000_0000_0000L;
    private static final long EXPONENT = 0x7ff0_0000_0000_0000L;

    private PackedValue() {
    }

    /** True for the bits of a (finite) number; false for a text code and for ABSENT. */
    static boolean isNumber(long bits) {
        return (bits & EXPONENT) != EXPONENT;
    }

    static long ofText(int code) {
        return TEXT_TAG | code;
    }

    /** The code of text bits. */
    static int code(long bits) {
        return (int) bits;
    }
}
