package io.bucketry.tools.simulate;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.WindowAggregate;

import java.util.List;
import java.util.Map;

/**
 * Whether two answers of one aggregation are the same windows: same series, bounds and counts, and
 * per field the same count, min, max, first and last; sums equal up to the last bits, which another
 * order of addition may change (a tier window or a sub-window summary adds in its own order).
 */
final class WindowsAgree {

    private static final double SUM_TOLERANCE = 1e-9;

    private WindowsAgree() {
    }

    static boolean of(List<WindowAggregate> a, List<WindowAggregate> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!same(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(WindowAggregate a, WindowAggregate b) {
        if (!a.series().equals(b.series()) || !a.start().equals(b.start()) || !a.end().equals(b.end())
                || a.count() != b.count() || a.filled() != b.filled() || !a.fields().keySet().equals(b.fields().keySet())) {
            return false;
        }
        for (Map.Entry<String, FieldAggregate> field : a.fields().entrySet()) {
            FieldAggregate x = field.getValue();
            FieldAggregate y = b.fields().get(field.getKey());
            boolean sums = Math.abs(x.sum() - y.sum()) <= SUM_TOLERANCE * Math.max(1, Math.abs(x.sum()));
            if (x.count() != y.count() || x.min() != y.min() || x.max() != y.max() || x.first() != y.first()
                    || x.last() != y.last() || !sums) {
                return false;
            }
        }
        return true;
    }
}
