package io.bucketry.adapter.inmemory;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The distinct texts of one bucket, each stored once and referred to by a code: a status text
 * repeated in every reading of an hour costs one String, not sixty. Up to {@value #SCAN_LIMIT}
 * texts are found by a scan (cheaper than hashing for the few a bucket usually has), more by a map.
 */
final class TextDictionary {

    private static final int SCAN_LIMIT = 8;
    /** Heap of one String of Latin-1 text besides its bytes: its header and fields, its array's header. */
    private static final int STRING_OVERHEAD = 24 + 16;

    private String[] texts = new String[2];
    private int size;
    private Map<String, Integer> index;
    private long heapBytes;

    /** The code of {@code text}, added if new. */
    int code(String text) {
        if (index != null) {
            Integer known = index.get(text);
            if (known != null) {
                return known;
            }
        } else {
            for (int i = 0; i < size; i++) {
                String candidate = texts[i];
                if (candidate == text || candidate.equals(text)) {
                    return i;
                }
            }
        }
        if (size == texts.length) {
            texts = Arrays.copyOf(texts, Math.max(2, size * 2));
        }
        int code = size++;
        texts[code] = text;
        heapBytes += STRING_OVERHEAD + (long) text.length() * (isLatin1(text) ? 1 : 2);
        if (index != null) {
            index.put(text, code);
        } else if (size > SCAN_LIMIT) {
            index = new HashMap<>();
            for (int i = 0; i < size; i++) {
                index.put(texts[i], i);
            }
        }
        return code;
    }

    /** The text of {@code code}. */
    String text(int code) {
        return texts[code];
    }

    int size() {
        return size;
    }

    /** How many texts fit before the array grows. */
    int capacity() {
        return texts.length;
    }

    /**
     * The dictionary's heap: itself, the array, and each String with its header and bytes; not
     * the index that a dictionary of more than {@value #SCAN_LIMIT} texts builds.
     */
    long heapBytes() {
        return 32 + 16 + 4L * texts.length + heapBytes;
    }

    void trim() {
        if (texts.length != size) {
            texts = Arrays.copyOf(texts, size);
        }
    }

    private static boolean isLatin1(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0xff) {
                return false;
            }
        }
        return true;
    }
}
