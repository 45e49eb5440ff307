package io.bucketry.domain;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.function.BiConsumer;

/**
 * The map of {@link Tags#values()}: unmodifiable, in key order, its pairs kept in one array (key, value, key,
 * value …). A store keeps one per series version; two tags take 56 B here against 160 B as a {@code TreeMap}
 * behind {@code Collections.unmodifiableMap}. Equal to any map of the same pairs, with the same hash code.
 */
final class TagPairs extends AbstractMap<String, String> {

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
    public boolean isEmpty() {
        return pairs.length == 0;
    }

    @Override
    public String get(Object key) {
        int index = indexOf(key);
        return index < 0 ? null : pairs[index + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    /** The array index of {@code key}, or -1 when it is no key here. */
    private int indexOf(Object key) {
        if (!(key instanceof String text)) {
            return -1;
        }
        int low = 0;
        int high = size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int order = pairs[2 * mid].compareTo(text);
            if (order < 0) {
                low = mid + 1;
            } else if (order > 0) {
                high = mid - 1;
            } else {
                return 2 * mid;
            }
        }
        return -1;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super String> action) {
        for (int i = 0; i < pairs.length; i += 2) {
            action.accept(pairs[i], pairs[i + 1]);
        }
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < pairs.length;
                    }

                    @Override
                    public Map.Entry<String, String> next() {
                        if (next >= pairs.length) {
                            throw new NoSuchElementException();
                        }
                        next += 2;
                        return new SimpleImmutableEntry<>(pairs[next - 2], pairs[next - 1]);
                    }
                };
            }

            @Override
            public int size() {
                return TagPairs.this.size();
            }
        };
    }

    @Override
    public boolean equals(Object other) {
        if (other instanceof TagPairs tags) {
            return Arrays.equals(pairs, tags.pairs);
        }
        return super.equals(other);
    }

    @Override
    public int hashCode() {
        int hash = 0;   // Map's contract: the sum of its entries' key hash ^ value hash
        for (int i = 0; i < pairs.length; i += 2) {
            hash += pairs[i].hashCode() ^ pairs[i + 1].hashCode();
        }
        return hash;
    }
}
