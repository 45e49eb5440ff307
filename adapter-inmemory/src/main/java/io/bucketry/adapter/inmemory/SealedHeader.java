package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;

import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plain part in front of a sealed bucket's encoded columns ({@link SealedColumns}): what queries
 * read without decoding, packed tight, since for a bucket of 60 readings every 8 bytes are another
 * 0.13 B per reading. Layout: the count of readings (varint), the first time as a zig-zag varint
 * offset from the bucket's start, the last as a varint offset from the first, then per column of the
 * names the count of its numbers (varint) and, when not 0, their min, max and sum ({@link SummaryForm}:
 * short decimals where exact).
 */
final class SealedHeader {

    private SealedHeader() {
    }

    /** The header of {@code open}'s readings followed by {@code encoded}, in one array. */
    static byte[] write(PackedBucket open, byte[] encoded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 + encoded.length);
        VarInts.write(out, open.count());
        long first = open.firstTime();
        VarInts.writeZigZag(out, first - open.start());
        VarInts.write(out, open.lastTime() - first);
        long[] slots = open.summarySlots();
        for (int column = 0; column < open.columns(); column++) {
            int at = SummarySlots.SLOTS * column;
            VarInts.write(out, slots[at]);
            if (slots[at] != 0) {
                SummaryForm.write(out, slots[at + 1], slots[at + 2], slots[at + 3]);
            }
        }
        out.writeBytes(encoded);
        return out.toByteArray();
    }

    static int count(byte[] bytes) {
        byte first = bytes[0];
        return first >= 0 ? first : (int) VarInts.at(bytes, 0);   // up to 127 readings: one byte
    }

    static long firstTime(byte[] bytes, long start) {
        return start + VarInts.zigZagAt(bytes, VarInts.skip(bytes, 0));
    }

    static long lastTime(byte[] bytes, long start) {
        int first = VarInts.skip(bytes, 0);
        return start + VarInts.zigZagAt(bytes, first) + VarInts.at(bytes, VarInts.skip(bytes, first));
    }

    /** Where the encoded columns start, after the summaries of {@code columns} columns. */
    static int encodedFrom(byte[] bytes, int columns) {
        return summaryAt(bytes, columns);
    }

    /** The summaries of the columns that have numbers, by name, in column order. */
    static Map<String, FieldSummary> summaries(byte[] bytes, FieldSchema names) {
        Map<String, FieldSummary> summaries = new LinkedHashMap<>();
        double[] minMaxSum = new double[3];
        int at = summaryAt(bytes, 0);
        for (int column = 0; column < names.size(); column++) {
            long count = VarInts.at(bytes, at);
            at = VarInts.skip(bytes, at);
            if (count != 0) {
                at = SummaryForm.read(bytes, at, minMaxSum);
                summaries.put(names.name(column), new FieldSummary(count, minMaxSum[0], minMaxSum[1], minMaxSum[2]));
            }
        }
        return summaries;
    }

    /** Where the summary of {@code column} starts (its count). */
    private static int summaryAt(byte[] bytes, int column) {
        int at = VarInts.skip(bytes, VarInts.skip(bytes, VarInts.skip(bytes, 0)));
        for (int c = 0; c < column; c++) {
            long count = VarInts.at(bytes, at);
            at = VarInts.skip(bytes, at);
            if (count != 0) {
                at = SummaryForm.skip(bytes, at);
            }
        }
        return at;
    }
}
