package io.bucketry.domain;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** The distinct texts of one bucket, each stored once and referred to by a code. */
final class TextDictionary {

    private static final int SCAN_LIMIT = 8;

    private FieldValue.Text[] texts = new FieldValue.Text[2];
    private int size;
    private Map<String, Integer> index;
    private long heapBytes;

    /** The code of {@code text}, added if new. */
    int code(FieldValue.Text text) {
        String value = text.value();
        if (index != null) {
            Integer known = index.get(value);
            if (known != null) {
                return known;
            }
        } else {
            for (int i = 0; i < size; i++) {
                String candidate = texts[i].value();
                if (candidate == value || candidate.equals(value)) {
                    return i;
                }
            }
        }
        if (size == texts.length) {
            texts = Arrays.copyOf(texts, Math.max(2, size * 2));
        }
        int code = size++;
        texts[code] = text;
        heapBytes += 16 + 24 + 16 + (long) value.length() * (isLatin1(value) ? 1 : 2);
        if (index != null) {
            index.put(value, code);
        } else if (size > SCAN_LIMIT) {
            index = new HashMap<>();
            for (int i = 0; i < size; i++) {
                index.put(texts[i].value(), i);
            }
        }
        return code;
    }

    /** The texts by code; the array may be longer than the codes in use, and used entries never change. */
    FieldValue.Text[] texts() {
        return texts;
    }

    /**
     * The dictionary's heap: itself, the array, and each Text and String with their headers; not
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
