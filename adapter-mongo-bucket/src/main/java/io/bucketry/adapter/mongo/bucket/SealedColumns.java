package io.bucketry.adapter.mongo.bucket;

import io.bucketry.codec.Column;
import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.SealedBucketCodec;
import io.bucketry.codec.SealedBucketReader;
import io.bucketry.codec.TextColumn;
import io.bucketry.domain.FieldColumns;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sealed document's {@code cols}: the readings of a window as the codec module's columns
 * ({@link SealedBucketCodec}), one column per field name in the order first met. Decoding is
 * counted, so that a test can prove a path (whole-window summaries) decodes nothing.
 */
final class SealedColumns {

    private static final AtomicLong DECODES = new AtomicLong();

    private SealedColumns() {
    }

    /** The columns of {@code readings} (distinct times, in time order). */
    static byte[] encode(List<Reading> readings) {
        long[] times = new long[readings.size()];
        Map<String, Object> columns = new LinkedHashMap<>();
        for (int row = 0; row < times.length; row++) {
            Reading reading = readings.get(row);
            times[row] = reading.epochMilli();
            Fields fields = reading.fields();
            FieldSchema schema = fields.schema();
            for (int i = 0; i < schema.size(); i++) {
                FieldValue value = fields.valueAt(i);
                if (value == null) {
                    continue;
                }
                int size = times.length;
                Object column = columns.computeIfAbsent(schema.name(i), name -> value instanceof FieldValue.Text
                        ? new String[size] : new NumericBuilder(size));
                if (column instanceof String[] texts && value instanceof FieldValue.Text text) {
                    texts[row] = text.value();
                } else if (column instanceof NumericBuilder numbers && value instanceof FieldValue.Numeric numeric) {
                    numbers.set(row, numeric.value());
                } else {
                    throw new IllegalArgumentException("field '" + schema.name(i) + "' is a number in some readings"
                            + " of the window and a text in others; such a window stays in rows");
                }
            }
        }
        Map<String, Column> built = new LinkedHashMap<>();
        columns.forEach((name, column) -> built.put(name, column instanceof String[] texts ? TextColumn.of(texts)
                : ((NumericBuilder) column).build()));
        return SealedBucketCodec.encode(SealedBucket.of(times, built));
    }

    /**
     * The readings the columns hold, in time order, decoded straight into arrays ({@link SealedBucketReader})
     * and built from them as one run ({@link FieldColumns}): no map or {@link SealedBucket} per document.
     */
    static List<Reading> decode(SeriesId series, byte[] cols) {
        SealedBucketReader reader = SealedBucketReader.open(cols, 0);
        DECODES.incrementAndGet();
        long[] times = reader.times();
        int count = times.length;
        List<String> names = new ArrayList<>();
        List<Object> values = new ArrayList<>();   // per column, its numbers (NaN where absent) or its texts
        while (reader.nextColumn()) {
            names.add(reader.name());
            if (reader.isText()) {
                int[] codes = new int[count];   // -1 at an absent row: FieldColumns.NO_TEXT
                values.add(new Object[] {codes, reader.texts(codes)});
            } else {
                double[] numbers = new double[count];
                reader.numbers(numbers);
                requireAbsentWhereNaN(reader, numbers);
                values.add(numbers);
            }
        }
        reader.requireEnd();
        FieldColumns.Builder columns = FieldColumns.builder(FieldSchema.of(names), count);
        for (int column = 0; column < names.size(); column++) {
            if (values.get(column) instanceof double[] numbers) {
                columns.numbers(column, numbers);
            } else {
                Object[] texts = (Object[]) values.get(column);
                columns.texts(column, (int[]) texts[0], (String[]) texts[1]);
            }
        }
        FieldColumns fields = columns.build();
        List<Reading> readings = new ArrayList<>(count);
        for (int row = 0; row < count; row++) {
            readings.add(Reading.at(series, times[row], fields.fieldsAt(row)));
        }
        return readings;
    }

    /**
     * Fails on a stored NaN: the reader gives NaN at an absent row, and a reading never holds one, so a
     * present NaN is a damaged document, not an absent field.
     */
    private static void requireAbsentWhereNaN(SealedBucketReader reader, double[] numbers) {
        for (int row = 0; row < numbers.length; row++) {
            if (Double.isNaN(numbers[row]) && !reader.isAbsent(row)) {
                throw new IllegalArgumentException("not a valid sealed bucket: column '" + reader.name() + "' holds NaN at row "
                        + row + ", which no reading holds");
            }
        }
    }

    /** The times the columns hold, in order. */
    static long[] times(byte[] cols) {
        SealedBucketReader reader = SealedBucketReader.open(cols, 0);
        DECODES.incrementAndGet();
        boolean more = reader.nextColumn();
        while (more) {
            more = reader.nextColumn();   // passes over each column's values, so that a truncated one fails here too
        }
        reader.requireEnd();
        return reader.times();
    }

    /** How many sealed documents this process has decoded (telemetry for tests). */
    static long decodes() {
        return DECODES.get();
    }

    /** A numeric column while it is filled; rows never set are absent. */
    private static final class NumericBuilder {
        private final double[] values;
        private final BitSet absent = new BitSet();

        NumericBuilder(int size) {
            values = new double[size];
            absent.set(0, size);
        }

        void set(int row, double value) {
            values[row] = value;
            absent.clear(row);
        }

        NumericColumn build() {
            return NumericColumn.of(values, absent);
        }
    }
}
