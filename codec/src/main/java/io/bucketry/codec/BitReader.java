package io.bucketry.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Reads what a {@link BitWriter} wrote; reading past the end or a malformed value is an {@link IllegalArgumentException}. */
final class BitReader {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int MAX_VAR_GROUPS = 10;

    private final byte[] bytes;
    private final long limit;
    private long position;

    BitReader(byte[] bytes) {
        this(bytes, 0);
    }

    /** Reads from byte {@code offset} on (what comes before is someone else's). */
    BitReader(byte[] bytes, int offset) {
        this.bytes = bytes;
        this.limit = (long) bytes.length << 3;
        this.position = (long) offset << 3;
        require(0);
    }

    long read(int width) {
        require(width);
        long value = bitsAt(position, width);
        position += width;
        return value;
    }

    boolean readBit() {
        return read(1) != 0;
    }

    long readVarLong() {
        long value = 0;
        for (int group = 0; group < MAX_VAR_GROUPS; group++) {
            long bits = read(8);
            value |= (bits & 0x7F) << (7 * group);
            if ((bits & 0x80) == 0) {
                return value;
            }
        }
        throw malformed("a variable-length number longer than " + MAX_VAR_GROUPS + " groups");
    }

    long readZigZag() {
        long zigZag = readVarLong();
        return (zigZag >>> 1) ^ -(zigZag & 1);
    }

    /** A non-negative count that is at most {@code max}, or a clear error naming {@code what}. */
    int readCount(String what, long max) {
        long count = readVarLong();
        if (count < 0 || count > max) {
            throw malformed(what + " " + Long.toUnsignedString(count) + " exceeds " + max);
        }
        return (int) count;
    }

    String readString() {
        int length = readCount("text length", remaining() / 8);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) readCount("character", Character.MAX_VALUE);
        }
        return new String(chars);
    }

    /** Passes over a string that {@link BitWriter#writeString} wrote, checking it as {@link #readString} would. */
    void skipString() {
        int length = readCount("text length", remaining() / 8);
        for (int i = 0; i < length; i++) {
            readCount("character", Character.MAX_VALUE);
        }
    }

    /** True when the string {@link BitWriter#writeString} wrote at bit {@code at} is {@code text}; reads it without keeping it. */
    boolean stringEquals(long at, String text) {
        long resume = position;
        position = at;
        try {
            if (readCount("text length", remaining() / 8) != text.length()) {
                return false;
            }
            for (int i = 0; i < text.length(); i++) {
                if (readCount("character", Character.MAX_VALUE) != text.charAt(i)) {
                    return false;
                }
            }
            return true;
        } finally {
            position = resume;
        }
    }

    /** The string {@link BitWriter#writeString} wrote at bit {@code at}; the position stays where it is. */
    String stringAt(long at) {
        long resume = position;
        position = at;
        try {
            return readString();
        } finally {
            position = resume;
        }
    }

    long position() {
        return position;
    }

    long remaining() {
        return limit - position;
    }

    /** Fails unless {@code bits} more bits are there to read. */
    void require(long bits) {
        if (bits > remaining()) {
            throw malformed("truncated: " + bits + " bits needed at bit " + position + " of " + limit);
        }
    }

    void skip(long bits) {
        require(bits);
        position += bits;
    }

    /** The {@code width} (at most 57) bits at {@code bitPosition}; the caller has checked they are inside the input. */
    long bitsAt(long bitPosition, int width) {
        int index = (int) (bitPosition >>> 3);
        int shift = (int) (bitPosition & 7);
        long word = index + 8 <= bytes.length ? (long) LONGS.get(bytes, index) : tail(index);
        long value = word >>> shift;
        if (shift + width > 64) {
            value |= (long) (bytes[index + 8] & 0xFF) << (64 - shift);
        }
        return width == 64 ? value : value & ((1L << width) - 1);
    }

    /** Bytes {@code [index, index + 8)} as a little-endian long; the caller has checked {@code index + 8 <= length}. */
    long wordAt(int index) {
        return (long) LONGS.get(bytes, index);
    }

    /** The first bit position whose byte is too close to the end for a whole 8-byte word. */
    long wordLimit() {
        return bytes.length >= 8 ? (bytes.length - 7L) << 3 : 0;
    }

    /** Fails unless only the zero padding of the last byte is left. */
    void requireEnd() {
        if (remaining() >= 8 || (remaining() > 0 && read((int) remaining()) != 0)) {
            throw malformed("unexpected data after the end at bit " + position + " of " + limit);
        }
    }

    /** Bytes {@code [index, length)} as a little-endian long, zeros above; {@code index} is within the last 8 bytes. */
    private long tail(int index) {
        if (bytes.length >= 8) {
            // the last whole word, shifted down past the bytes before index: one read instead of a loop
            return (long) LONGS.get(bytes, bytes.length - 8) >>> ((index - (bytes.length - 8)) << 3);
        }
        long word = 0;
        for (int i = index; i < bytes.length; i++) {
            word |= (long) (bytes[i] & 0xFF) << ((i - index) << 3);
        }
        return word;
    }

    static IllegalArgumentException malformed(String detail) {
        return new IllegalArgumentException("not a valid sealed bucket: " + detail);
    }
}
