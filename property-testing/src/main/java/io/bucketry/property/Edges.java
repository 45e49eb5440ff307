package io.bucketry.property;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Number and size generators that draw the edges of their range in one draw of {@value #EDGE_ODDS}. */
final class Edges {

    static final int EDGE_ODDS = 12;

    private Edges() {
    }

    static Gen<Long> longs(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
        }
        List<Long> edges = new ArrayList<>(List.of(min, max));
        if (min < max) {
            addIfWithin(edges, min, max, min + 1, max - 1);
        }
        addIfWithin(edges, min, max, 0L, 1L, -1L);
        return random -> random.nextInt(EDGE_ODDS) == 0 ? edges.get(random.nextInt(edges.size())) : uniform(random, min, max);
    }

    /** List sizes: the bounds, and otherwise uniform between them. */
    static Gen<Integer> sizes(int min, int max) {
        if (min < 0) {
            throw new IllegalArgumentException("size " + min + " is negative");
        }
        Gen<Long> longs = longs(min, max);
        return random -> longs.next(random).intValue();
    }

    static Gen<Double> doubles(double min, double max) {
        if (!(min <= max) || Double.isInfinite(max - min)) {
            throw new IllegalArgumentException("range [" + min + ", " + max + "] is empty or not finite");
        }
        List<Double> edges = new ArrayList<>(List.of(min, max));
        for (double edge : new double[] {0.0, -0.0, 0.01, -0.01, 1.0, -1.0}) {
            if (edge >= min && edge <= max) {
                edges.add(edge);
            }
        }
        return random -> {
            int kind = random.nextInt(EDGE_ODDS);
            if (kind == 0) {
                return edges.get(random.nextInt(edges.size()));
            }
            double value = Math.min(max, min + random.nextDouble() * (max - min));
            if (kind <= EDGE_ODDS / 3) {
                // two decimals, as readings often have
                double rounded = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_EVEN).doubleValue();
                return Math.max(min, Math.min(max, rounded));
            }
            return value;
        };
    }

    private static void addIfWithin(List<Long> edges, long min, long max, long... candidates) {
        for (long candidate : candidates) {
            if (candidate >= min && candidate <= max && !edges.contains(candidate)) {
                edges.add(candidate);
            }
        }
    }

    private static long uniform(Random random, long min, long max) {
        if (max < Long.MAX_VALUE) {
            return random.nextLong(min, max + 1);
        }
        if (min > Long.MIN_VALUE) {
            return random.nextLong(min - 1, max) + 1;
        }
        return random.nextLong();
    }
}
