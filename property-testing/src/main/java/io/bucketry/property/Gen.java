package io.bucketry.property;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * A generator of random values for property tests: the same {@link Random} state gives the same
 * value. Ranges and sizes draw their edges (bounds, zero, empty, full) more often than uniform.
 */
@FunctionalInterface
public interface Gen<T> {

    /** The next value, drawn from {@code random} alone. */
    T next(Random random);

    default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
        return random -> mapper.apply(next(random));
    }

    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> mapper) {
        return random -> mapper.apply(next(random)).next(random);
    }

    /** This generator, or {@code null} in {@code share} of the draws. */
    default Gen<T> orNull(double share) {
        return random -> random.nextDouble() < share ? null : next(random);
    }

    /** Lists of this generator's values, of {@code minSize} to {@code maxSize} elements. */
    default Gen<List<T>> list(int minSize, int maxSize) {
        Gen<Integer> sizes = Edges.sizes(minSize, maxSize);
        return random -> {
            int size = sizes.next(random);
            List<T> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(next(random));
            }
            return list;
        };
    }

    /** Lists of {@code minSize} to {@code maxSize} elements whose {@code key}s are distinct. */
    default Gen<List<T>> uniqueList(int minSize, int maxSize, Function<? super T, ?> key) {
        Gen<Integer> sizes = Edges.sizes(minSize, maxSize);
        return random -> {
            int size = sizes.next(random);
            List<T> list = new ArrayList<>(size);
            Set<Object> keys = new HashSet<>();
            for (int attempts = 0; list.size() < size; attempts++) {
                if (attempts > 100 * size + 1_000) {
                    throw new IllegalStateException("cannot draw " + size + " elements with distinct keys");
                }
                T value = next(random);
                if (keys.add(key.apply(value))) {
                    list.add(value);
                }
            }
            return list;
        };
    }

    /** Integers in {@code [min, max]}. */
    static Gen<Integer> ints(int min, int max) {
        Gen<Long> longs = longs(min, max);
        return random -> longs.next(random).intValue();
    }

    /** Longs in {@code [min, max]}. */
    static Gen<Long> longs(long min, long max) {
        return Edges.longs(min, max);
    }

    /** Any long, its extremes, zero and ±1 included. */
    static Gen<Long> anyLong() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    static Gen<Boolean> booleans() {
        return Random::nextBoolean;
    }

    /** Doubles in {@code [min, max]}: full precision, rounded to two decimals, and the edges (±0.0 included). */
    static Gen<Double> doubles(double min, double max) {
        return Edges.doubles(min, max);
    }

    /** One of {@code values}, uniformly. */
    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        return of(List.of(values));
    }

    /** One of {@code values}, uniformly. */
    static <T> Gen<T> of(List<T> values) {
        List<T> copy = List.copyOf(values);
        return random -> copy.get(random.nextInt(copy.size()));
    }

    static <T> Gen<T> constant(T value) {
        return random -> value;
    }

    /** A value of one of {@code gens}, each chosen equally often. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> list = List.of(gens);
        return random -> list.get(random.nextInt(list.size())).next(random);
    }

    /** A value of one of the weighted generators, each chosen in proportion to its weight. */
    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<? extends T>... choices) {
        return Weighted.choose(List.of(choices));
    }

    /** {@code gen} with {@code weight}, for {@link #frequency}. */
    static <T> Weighted<T> weighted(int weight, Gen<T> gen) {
        return new Weighted<>(weight, gen);
    }

    /** Subsets of {@code items} with at least {@code minSize} elements, in the order of {@code items}. */
    static <T> Gen<List<T>> subsetOf(List<T> items, int minSize) {
        List<T> copy = List.copyOf(items);
        Gen<Integer> sizes = Edges.sizes(minSize, copy.size());
        return random -> {
            List<Integer> indexes = new ArrayList<>();
            for (int i = 0; i < copy.size(); i++) {
                indexes.add(i);
            }
            Collections.shuffle(indexes, random);
            List<Integer> chosen = new ArrayList<>(indexes.subList(0, sizes.next(random)));
            Collections.sort(chosen);
            return chosen.stream().map(copy::get).toList();
        };
    }

    /** The {@code items} in random order. */
    static <T> Gen<List<T>> shuffled(List<T> items) {
        List<T> copy = List.copyOf(items);
        return random -> {
            List<T> list = new ArrayList<>(copy);
            Collections.shuffle(list, random);
            return list;
        };
    }

    /** Strings of ASCII letters, {@code minLength} to {@code maxLength} long. */
    static Gen<String> alphaStrings(int minLength, int maxLength) {
        String letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        Gen<Character> chars = random -> letters.charAt(random.nextInt(letters.length()));
        return chars.list(minLength, maxLength).map(list -> {
            StringBuilder text = new StringBuilder(list.size());
            list.forEach(text::append);
            return text.toString();
        });
    }
}
