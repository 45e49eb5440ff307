package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plain part in front of a sealed bucket's encoded columns ({@link SealedColumns}): what queries
 * read without decoding, packed tight, since for a bucket of 60 readings every 8 bytes are another
 * 0.13 B per reading. Layout: the first time as a zig-zag varint offset from the bucket's start, the
 * last as a varint offset from the first, then per column of the names the count of its numbers
 * (varint) and, when not 0, the raw little-endian bits of their min, max and sum.
 */
final class SealedHeader {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private SealedHeader() {
    }

    /** The header of {@code open}'s readings followed by {@code encoded}, in one array. */
    static byte[] write(PackedBucket open, byte[] encoded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 + encoded.length);
        long first = open.firstTime();
        long offset = first - open.start();
        writeVarLong(out, (offset << 1) ^ (offset >> 63));
        writeVarLong(out, open.lastTime() - first);
        long[] slots = open.summarySlots();
        byte[] word = new byte[8];
        for (int column = 0; column < open.columns(); column++) {
            int at = SummarySlots.SLOTS * column;
            writeVarLong(out, slots[at]);
            for (int slot = 1; slot < SummarySlots.SLOTS && slots[at] != 0; slot++) {
                LONGS.set(word, 0, slots[at + slot]);
                out.writeBytes(word);
            }
        }
        out.writeBytes(encoded);
        return out.toByteArray();
    }

    static long firstTime(byte[] bytes, long start) {
        long zigZag = readVarLong(bytes, 0);
        return start + ((zigZag >>> 1) ^ -(zigZag & 1));
    }

    static long lastTime(byte[] bytes, long start) {
        return firstTime(bytes, start) + readVarLong(bytes, skipVarLong(bytes, 0));
    }

    /** Where the encoded columns start, after the summaries of {@code columns} columns. */
    static int encodedFrom(byte[] bytes, int columns) {
        return summaryAt(bytes, columns);
    }

    /** The summaries of the columns that have numbers, by name, in column order. */
    static Map<String, FieldSummary> summaries(byte[] bytes, FieldSchema names) {
        Map<String, FieldSummary> summaries = new LinkedHashMap<>();
        int at = summaryAt(bytes, 0);
        for (int column = 0; column < names.size(); column++) {
            long count = readVarLong(bytes, at);
            at = skipVarLong(bytes, at);
            if (count != 0) {
                summaries.put(names.name(column), new FieldSummary(count, doubleAt(bytes, at), doubleAt(bytes, at + 8),
                        doubleAt(bytes, at + 16)));
                at += 24;
            }
        }
        return summaries;
    }

    /** Where the summary of {@code column} starts (its count). */
    private static int summaryAt(byte[] bytes, int column) {
        int at = skipVarLong(bytes, skipVarLong(bytes, 0));
        for (int c = 0; c < column; c++) {
            long count = readVarLong(bytes, at);
            at = skipVarLong(bytes, at) + (count == 0 ? 0 : 24);
        }
        return at;
    }

    private static double doubleAt(byte[] bytes, int at) {
        return Double.longBitsToDouble((long) LONGS.get(bytes, at));
    }

    private static void writeVarLong(ByteArrayOutputStream out, long unsigned) {
        long rest = unsigned;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    private static long readVarLong(byte[] bytes, int at) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = bytes[at++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
    }

    private static int skipVarLong(byte[] bytes, int at) {
        int i = at;
        while (bytes[i] < 0) {
            i++;
        }
        return i + 1;
    }
}
