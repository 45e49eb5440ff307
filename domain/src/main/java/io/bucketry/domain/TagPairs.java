package io.bucketry.domain;

import java.util.Map;
import java.util.SortedMap;
import java.util.function.BiConsumer;

/**
 * The map of {@link Tags#values()}: immutable, in key order, its pairs kept in one array (key, value, key,
 * value …), its {@link Map} contract {@link NamedValues}'. A store keeps one per series version; two tags take
 * 48 B here against 160 B as a {@code TreeMap} behind {@code Collections.unmodifiableMap}.
 */
final class TagPairs extends NamedValues<String> {

    /** Keys at even indexes, ascending; each value after its key. */
    private final String[] pairs;

    TagPairs(SortedMap<String, String> sorted) {
        pairs = new String[sorted.size() * 2];
        int at = 0;
        for (Map.Entry<String, String> pair : sorted.entrySet()) {
            pairs[at++] = pair.getKey();
            pairs[at++] = pair.getValue();
        }
    }

    @Override
    public int size() {
        return pairs.length / 2;
    }

    @Override
    String nameAt(int index) {
        return pairs[2 * index];
    }

    @Override
    public String valueAt(int index) {
        return pairs[2 * index + 1];
    }

    /** By binary search over the keys, which are in order. */
    @Override
    int indexOf(Object key) {
        if (!(key instanceof String text)) {
            return -1;
        }
        int low = 0;
        int high = size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int order = nameAt(mid).compareTo(text);
            if (order < 0) {
                low = mid + 1;
            } else if (order > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** Walks the pairs in key order without an entry object each (as {@link FieldAggregates}). */
    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        for (int i = 0; i < pairs.length; i += 2) {
            action.accept(pairs[i], pairs[i + 1]);
        }
    }
}
