package io.bucketry.adapter.inmemory;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Varints (7 bits a byte, least significant first), their zig-zag form and raw little-endian longs, in a sealed header. */
final class VarInts {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private VarInts() {
    }

    static void write(ByteArrayOutputStream out, long unsigned) {
        long rest = unsigned;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    static void writeZigZag(ByteArrayOutputStream out, long value) {
        write(out, (value << 1) ^ (value >> 63));
    }

    static void writeRawLong(ByteArrayOutputStream out, long bits) {
        byte[] word = new byte[Long.BYTES];
        LONGS.set(word, 0, bits);
        out.writeBytes(word);
    }

    static long at(byte[] bytes, int at) {
        long value = 0;
        int i = at;
        for (int shift = 0; ; shift += 7) {
            byte b = bytes[i++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
    }

    static long zigZagAt(byte[] bytes, int at) {
        long zigZag = at(bytes, at);
        return (zigZag >>> 1) ^ -(zigZag & 1);
    }

    static long rawLongAt(byte[] bytes, int at) {
        return (long) LONGS.get(bytes, at);
    }

    /** Where the varint at {@code at} ends. */
    static int skip(byte[] bytes, int at) {
        int i = at;
        while (bytes[i] < 0) {
            i++;
        }
        return i + 1;
    }
}
