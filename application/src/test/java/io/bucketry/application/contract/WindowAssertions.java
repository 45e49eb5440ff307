package io.bucketry.application.contract;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.WindowAggregate;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Compares window aggregates: everything exactly, except sums and averages, which a store may
 * add up in another order and so differ in the last bits; they are compared with a tolerance
 * relative to the magnitude of the values summed.
 */
public final class WindowAssertions {

    private static final double RELATIVE_TOLERANCE = 1e-9;

    private WindowAssertions() {
    }

    public static void assertSameWindows(List<WindowAggregate> actual, List<WindowAggregate> expected) {
        assertSameWindows(actual, expected, "");
    }

    /** As {@link #assertSameWindows(List, List)}, naming {@code where} (a seed, a query) in a failure. */
    public static void assertSameWindows(List<WindowAggregate> actual, List<WindowAggregate> expected, String where) {
        assertThat(actual).as("windows (series @ start) %s", where)
                .extracting(w -> w.series() + "@" + w.start() + ".." + w.end() + " n=" + w.count())
                .containsExactlyElementsOf(expected.stream()
                        .map(w -> w.series() + "@" + w.start() + ".." + w.end() + " n=" + w.count()).toList());
        for (int i = 0; i < expected.size(); i++) {
            assertSameFields(actual.get(i), expected.get(i));
        }
    }

    private static void assertSameFields(WindowAggregate actual, WindowAggregate expected) {
        String where = expected.series() + "@" + expected.start();
        assertThat(actual.fields().keySet()).as("numeric fields of %s", where)
                .containsExactlyElementsOf(expected.fields().keySet());
        expected.fields().forEach((name, want) -> {
            FieldAggregate got = actual.fields().get(name);
            String field = where + " " + name;
            assertThat(got.count()).as("count of %s", field).isEqualTo(want.count());
            assertThat(got.min()).as("min of %s", field).isEqualTo(want.min());
            assertThat(got.max()).as("max of %s", field).isEqualTo(want.max());
            assertThat(got.first()).as("first of %s", field).isEqualTo(want.first());
            assertThat(got.last()).as("last of %s", field).isEqualTo(want.last());
            double scale = Math.max(1, want.count() * Math.max(Math.abs(want.min()), Math.abs(want.max())));
            assertThat(got.sum()).as("sum of %s", field).isCloseTo(want.sum(), within(RELATIVE_TOLERANCE * scale));
            assertThat(got.avg()).as("avg of %s", field)
                    .isCloseTo(want.avg(), within(RELATIVE_TOLERANCE * scale / want.count()));
        });
    }
}
