package io.bucketry.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/** Appends bits, least significant first, to a growing buffer; the last byte is padded with zeros. */
final class BitWriter {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private long[] words = new long[8];
    private long position;

    /** Writes the low {@code width} bits of {@code value}, {@code width} in 0..64. */
    void write(long value, int width) {
        if (width == 0) {
            return;
        }
        long bits = width == 64 ? value : value & ((1L << width) - 1);
        int word = (int) (position >>> 6);
        int offset = (int) (position & 63);
        ensure(word + 1);
        words[word] |= bits << offset;
        if (offset + width > 64) {
            words[word + 1] |= bits >>> (64 - offset);
        }
        position += width;
    }

    void writeBit(boolean bit) {
        write(bit ? 1 : 0, 1);
    }

    /** An unsigned value in groups of 7 bits, each behind a continuation bit (8 bits per group). */
    void writeVarLong(long unsigned) {
        long rest = unsigned;
        while ((rest & ~0x7FL) != 0) {
            write((rest & 0x7F) | 0x80, 8);
            rest >>>= 7;
        }
        write(rest, 8);
    }

    /** A signed value, zig-zag mapped so that small magnitudes take few groups. */
    void writeZigZag(long value) {
        writeVarLong((value << 1) ^ (value >> 63));
    }

    /** Any Java string, code unit by code unit, so lone surrogates survive too. */
    void writeString(String text) {
        writeVarLong(text.length());
        for (int i = 0; i < text.length(); i++) {
            writeVarLong(text.charAt(i));
        }
    }

    /** Bits written so far. */
    long position() {
        return position;
    }

    byte[] toByteArray() {
        byte[] bytes = new byte[(int) ((position + 7) >>> 3)];
        int whole = bytes.length >>> 3;
        for (int w = 0; w < whole; w++) {   // a word at a time: the bits are least significant first, as little-endian bytes
            LONGS.set(bytes, w << 3, words[w]);
        }
        for (int i = whole << 3; i < bytes.length; i++) {
            bytes[i] = (byte) (words[i >>> 3] >>> ((i & 7) << 3));
        }
        return bytes;
    }

    private void ensure(int lastWord) {
        if (lastWord >= words.length) {
            words = Arrays.copyOf(words, Math.max(words.length * 2, lastWord + 1));
        }
    }

    /** The number of bits needed to write {@code unsigned}: 0 for 0, 64 for a negative long. */
    static int width(long unsigned) {
        return 64 - Long.numberOfLeadingZeros(unsigned);
    }
}
