package io.bucketry.domain;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One field of a bucket, stored as primitive arrays: numbers in a {@code double[]} (NaN marks
 * "absent", which is safe because NaN is never a valid value) and texts as dictionary codes in an
 * {@code int[]} (-1 marks "absent"). Each array is allocated only once the field has such a value.
 */
final class Column {

    private static final int DICTIONARY_SCAN_LIMIT = 8;

    final String name;
    double[] numbers;
    int[] texts;
    private FieldValue.Text[] dictionary;
    private int dictionarySize;
    private Map<String, Integer> dictionaryIndex;
    // texts repeat ("OK", "OK", …): the last one is checked before the dictionary, without touching it
    private String recentText;
    private long dictionaryBytes;
    private int recentCode;

    long numericCount;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum;

    Column(String name) {
        this.name = name;
    }

    void grow(int oldLength, int newLength) {
        if (numbers != null) {
            numbers = Arrays.copyOf(numbers, newLength);
            Arrays.fill(numbers, oldLength, newLength, Double.NaN);
        }
        if (texts != null) {
            texts = Arrays.copyOf(texts, newLength);
            Arrays.fill(texts, oldLength, newLength, -1);
        }
    }

    void shiftRight(int position, int count) {
        if (numbers != null) {
            System.arraycopy(numbers, position, numbers, position + 1, count - position);
            numbers[position] = Double.NaN;
        }
        if (texts != null) {
            System.arraycopy(texts, position, texts, position + 1, count - position);
            texts[position] = -1;
        }
    }

    void set(int position, FieldValue value, int capacity) {
        if (value instanceof FieldValue.Numeric numeric) {
            if (numbers == null) {
                numbers = new double[capacity];
                Arrays.fill(numbers, Double.NaN);
            }
            double v = numeric.value();
            numbers[position] = v;
            numericCount++;
            min = Math.min(min, v);
            max = Math.max(max, v);
            sum += v;
        } else {
            if (texts == null) {
                texts = new int[capacity];
                Arrays.fill(texts, -1);
            }
            texts[position] = code((FieldValue.Text) value);
        }
    }

    /** The value at {@code position}, or null when absent. */
    FieldValue valueAt(int position) {
        if (numbers != null) {
            double v = numbers[position];
            if (v == v) {
                return new FieldValue.Numeric(v);
            }
        }
        if (texts != null) {
            int code = texts[position];
            if (code >= 0) {
                return dictionary[code];
            }
        }
        return null;
    }

    FieldSummary summary() {
        return numericCount == 0 ? null : new FieldSummary(numericCount, min, max, sum);
    }

    long heapBytes() {
        long bytes = 48;
        if (numbers != null) {
            bytes += 16 + 8L * numbers.length;
        }
        if (texts != null) {
            bytes += 16 + 4L * texts.length + 16 + 4L * dictionary.length + dictionaryBytes;
        }
        return bytes;
    }

    void trim(int length) {
        if (numbers != null && numbers.length != length) {
            numbers = Arrays.copyOf(numbers, length);
        }
        if (texts != null && texts.length != length) {
            texts = Arrays.copyOf(texts, length);
        }
        if (dictionary != null && dictionary.length != dictionarySize) {
            dictionary = Arrays.copyOf(dictionary, dictionarySize);
        }
    }

    private int code(FieldValue.Text text) {
        String value = text.value();
        if (value == recentText) {
            return recentCode;
        }
        int code = lookUpOrAdd(text);
        recentText = value;
        recentCode = code;
        return code;
    }

    private static boolean isLatin1(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0xff) {
                return false;
            }
        }
        return true;
    }

    private int lookUpOrAdd(FieldValue.Text text) {
        if (dictionaryIndex != null) {
            Integer known = dictionaryIndex.get(text.value());
            if (known != null) {
                return known;
            }
        } else {
            String value = text.value();
            for (int i = 0; i < dictionarySize; i++) {
                String known = dictionary[i].value();
                if (known == value || known.equals(value)) {
                    return i;
                }
            }
        }
        if (dictionary == null) {
            dictionary = new FieldValue.Text[2];
        } else if (dictionarySize == dictionary.length) {
            dictionary = Arrays.copyOf(dictionary, dictionarySize * 2);
        }
        int code = dictionarySize++;
        dictionary[code] = text;
        // the Text and its String with their headers; UTF-16 where a character needs it
        dictionaryBytes += 16 + 24 + 16 + (long) text.value().length() * (isLatin1(text.value()) ? 1 : 2);
        if (dictionaryIndex != null) {
            dictionaryIndex.put(text.value(), code);
        } else if (dictionarySize > DICTIONARY_SCAN_LIMIT) {
            dictionaryIndex = new HashMap<>();
            for (int i = 0; i < dictionarySize; i++) {
                dictionaryIndex.put(dictionary[i].value(), i);
            }
        }
        return code;
    }
}
