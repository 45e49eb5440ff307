package io.bucketry.tools.simulate;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one generated reading, temperature, pressure and status, as an immutable map in that
 * fixed order. {@code Map.of}'s order follows a salt drawn per JVM, so each run would lay the stores'
 * columns out in another order (one more source of run-to-run variance in the read figures). A
 * {@code LinkedHashMap} keeps the order too, but with it generating a reading allocated 284 bytes, with
 * this 132 (ThreadMXBean, 10 million readings of the default scenario): garbage that the timed ingest
 * collects.
 */
final class GeneratedFields extends AbstractMap<String, Object> {

    private static final String[] NAMES = {"temperature", "pressure", "status"};

    private final Object[] values;

    GeneratedFields(double temperature, double pressure, String status) {
        this.values = new Object[] {temperature, pressure, status};
    }

    @Override
    public int size() {
        return NAMES.length;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < NAMES.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, Object> entry = new SimpleImmutableEntry<>(NAMES[next], values[next]);
                        next++;
                        return entry;
                    }
                };
            }

            @Override
            public int size() {
                return NAMES.length;
            }
        };
    }
}
