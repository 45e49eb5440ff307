package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Tags;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One object per distinct tags and per distinct field schema among a store's tier windows, and a number per
 * distinct tags: 25,000 series in 250 buildings hold a few hundred tag sets and one schema, so a grouped read
 * resolves each to its group and fields once per object (by identity) instead of once per series, and a window
 * keeps its tags as a number in its flat record instead of a reference in another array. Grows with the distinct
 * values ever stored; a value is a few dozen bytes.
 */
final class SharedValues {

    private final Map<Tags, Integer> numbers = new HashMap<>();
    /**
     * By number. Written before the number is stored in a window, under the monitor of the window's series, which
     * a reader takes before it reads the number: so a reader sees the entry, though not through this field's lock.
     */
    private volatile Tags[] byNumber = new Tags[16];
    private final ConcurrentHashMap<FieldSchema, FieldSchema> fields = new ConcurrentHashMap<>();

    /** The number of {@code value}, the same for equal tags. */
    synchronized int number(Tags value) {
        Integer known = numbers.get(value);
        if (known != null) {
            return known;
        }
        int number = numbers.size();
        Tags[] table = byNumber;
        if (number == table.length) {
            table = Arrays.copyOf(table, number * 2);
        }
        table[number] = value;
        byNumber = table;
        numbers.put(value, number);
        return number;
    }

    /** The tags of {@code number} ({@link #number}). */
    Tags tags(int number) {
        return byNumber[number];
    }

    FieldSchema fields(FieldSchema value) {
        FieldSchema known = fields.putIfAbsent(value, value);
        return known == null ? value : known;
    }
}
