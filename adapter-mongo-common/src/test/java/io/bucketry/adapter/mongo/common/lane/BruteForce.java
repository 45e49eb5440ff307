package io.bucketry.adapter.mongo.common.lane;

import java.util.List;

/** The lane's oracle: a window's count and sum recomputed from the readings sent (one per minute, no duplicates). */
final class BruteForce {

    private BruteForce() {
    }

    /** {start, count, sum bits} of the window starting at {@code start}, summed in time order as the store does. */
    static long[] window(List<Object[]> readings, long start) {
        double sum = readings.stream().sorted((a, b) -> Long.compare((Long) a[1], (Long) b[1]))
                .mapToDouble(r -> (Double) r[2]).reduce(0, Double::sum);
        return new long[] {start, readings.size(), Double.doubleToLongBits(sum)};
    }
}
