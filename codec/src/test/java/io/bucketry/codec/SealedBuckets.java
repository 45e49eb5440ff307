package io.bucketry.codec;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Test support: random sealed buckets and a comparison of two buckets bit for bit, independent of the codec. */
final class SealedBuckets {

    private SealedBuckets() {
    }

    static SealedBucket random(Random random) {
        int count = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(2500);
        long[] times = TimeCodecTest.ascending(random, count);
        Map<String, Column> columns = new LinkedHashMap<>();
        for (int c = random.nextInt(5); c > 0; c--) {
            String name = TextCodecTest.texts(random, 1)[0] + c;
            BitSet absent = new BitSet();
            int absentKind = random.nextInt(3);
            for (int row = 0; row < count && absentKind > 0; row++) {
                absent.set(row, absentKind == 1 ? random.nextInt(10) == 0 : random.nextInt(10) > 0);
            }
            if (random.nextBoolean()) {
                columns.put(name, NumericColumn.of(Doubles.column(random, count), absent));
            } else {
                String[] texts = TextCodecTest.texts(random, count);
                absent.stream().forEach(row -> texts[row] = null);
                columns.put(name, TextColumn.of(texts));
            }
        }
        return SealedBucket.of(times, columns);
    }

    static void assertSame(SealedBucket expected, SealedBucket actual, String what) {
        assertThat(actual.count()).as(what).isEqualTo(expected.count());
        for (int row = 0; row < expected.count(); row++) {
            assertThat(actual.time(row)).as("%s: time of row %d", what, row).isEqualTo(expected.time(row));
        }
        assertThat(new ArrayList<>(actual.columns().keySet())).as(what).isEqualTo(List.copyOf(expected.columns().keySet()));
        expected.columns().forEach((name, column) -> {
            Column other = actual.columns().get(name);
            assertThat(other).as(what).hasSameClassAs(column);
            for (int row = 0; row < expected.count(); row++) {
                assertThat(other.isAbsent(row)).as("%s: '%s' absent at row %d", what, name, row).isEqualTo(column.isAbsent(row));
                if (column.isAbsent(row)) {
                    continue;
                }
                if (column instanceof NumericColumn numeric) {
                    assertThat(Double.doubleToRawLongBits(((NumericColumn) other).value(row)))
                            .as("%s: '%s' at row %d, %s", what, name, row, numeric.value(row))
                            .isEqualTo(Double.doubleToRawLongBits(numeric.value(row)));
                } else {
                    assertThat(((TextColumn) other).value(row)).as("%s: '%s' at row %d", what, name, row)
                            .isEqualTo(((TextColumn) column).value(row));
                }
            }
        });
    }
}
