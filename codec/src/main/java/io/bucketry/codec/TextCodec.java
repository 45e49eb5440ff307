package io.bucketry.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Texts by dictionary and run lengths: the distinct texts in order of first use, then runs of
 * (dictionary index, length). A status that rarely changes costs a few bits per bucket.
 */
final class TextCodec {

    private TextCodec() {
    }

    /** Up to this many distinct texts are looked up by a scan of the dictionary, beyond it by a hash map. */
    private static final int SCANNED = 8;

    static void encode(BitWriter out, String[] values) {
        Map<String, Integer> indexes = null;
        int[] codes = new int[values.length];
        List<String> dictionary = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            // a status column holds a few texts, mostly the same object: a scan beats hashing each one
            int known = indexes == null ? scan(dictionary, values[i]) : indexes.getOrDefault(values[i], -1);
            if (known < 0) {
                known = dictionary.size();
                dictionary.add(values[i]);
                if (indexes != null) {
                    indexes.put(values[i], known);
                } else if (dictionary.size() > SCANNED) {
                    indexes = new HashMap<>();
                    for (int d = 0; d < dictionary.size(); d++) {
                        indexes.put(dictionary.get(d), d);
                    }
                }
            }
            codes[i] = known;
        }
        out.writeVarLong(dictionary.size());
        dictionary.forEach(out::writeString);
        int width = indexWidth(dictionary.size());
        for (int i = 0; i < codes.length; ) {
            int run = 1;
            while (i + run < codes.length && codes[i + run] == codes[i]) {
                run++;
            }
            out.write(codes[i], width);
            out.writeVarLong(run - 1L);
            i += run;
        }
    }

    static String[] decode(BitReader in, int count) {
        String[] values = new String[count];
        decode(in, values, count);
        return values;
    }

    /** Decodes {@code count} texts into {@code values[0, count)}; equal texts are one String. */
    static void decode(BitReader in, String[] values, int count) {
        int[] codes = new int[count];
        String[] dictionary = decode(in, codes, count);
        for (int i = 0; i < count; i++) {
            values[i] = dictionary[codes[i]];
        }
    }

    /** Decodes {@code count} texts as indexes into {@code codes[0, count)}; answers the texts they index. */
    static String[] decode(BitReader in, int[] codes, int count) {
        String[] dictionary = new String[readDictionarySize(in, count)];
        for (int i = 0; i < dictionary.length; i++) {
            dictionary[i] = in.readString();
        }
        int width = indexWidth(dictionary.length);
        for (int i = 0; i < count; ) {
            int code = readCode(in, width, dictionary.length);
            int run = in.readCount("run of equal texts", count - i - 1L) + 1;
            Arrays.fill(codes, i, i + run, code);
            i += run;
        }
        return dictionary;
    }

    /** Passes over {@code count} texts without decoding them. */
    static void skip(BitReader in, int count) {
        int size = readDictionarySize(in, count);
        for (int i = 0; i < size; i++) {
            in.skipString();
        }
        int width = indexWidth(size);
        for (int i = 0; i < count; ) {
            readCode(in, width, size);
            i += in.readCount("run of equal texts", count - i - 1L) + 1;
        }
    }

    private static int readDictionarySize(BitReader in, int count) {
        int size = in.readCount("dictionary size", count);
        if (size == 0 && count > 0) {
            throw BitReader.malformed("an empty dictionary for " + count + " texts");
        }
        return size;
    }

    private static int readCode(BitReader in, int width, int size) {
        long code = in.read(width);
        if (code >= size) {
            throw BitReader.malformed("dictionary index " + code + " of a dictionary of " + size);
        }
        return (int) code;
    }

    /** The index of {@code text} in {@code dictionary}, or -1. */
    private static int scan(List<String> dictionary, String text) {
        for (int d = 0; d < dictionary.size(); d++) {
            String known = dictionary.get(d);
            if (known == text || known.equals(text)) {
                return d;
            }
        }
        return -1;
    }

    private static int indexWidth(int size) {
        return size <= 1 ? 0 : BitWriter.width(size - 1L);
    }
}
