package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.codec.SealedBucketReader;
import io.bucketry.domain.FieldColumns;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregator;

import java.util.Objects;

/**
 * A sealed bucket decoded for one query, straight into plain arrays, in one step: its times and what
 * else the query says it needs ({@link Need}; a range's bounds need the times alone, an aggregate no
 * texts). With the texts, the columns are checked once as {@link FieldColumns}, which builds each reading's
 * fields. Lives as long as the query.
 */
final class DecodedColumns implements BucketRows {

    /**
     * What a query needs of a sealed bucket besides its times: nothing, the numbers (an aggregate), every
     * value as readings (ALL) or every value as columns, for a {@link ReadingSink} (COLUMNS).
     */
    enum Need { TIMES, NUMBERS, ALL, COLUMNS }

    private final SeriesId series;
    private final FieldSchema names;
    private final long[] times;
    /**
     * Decoded for an aggregate: per column of the names, its numbers (NaN where a row has none: a stored
     * number is always finite), or null; null when decoded with the texts, which {@link #fields} then holds.
     */
    private final double[][] numbers;
    /** Every column, numbers and texts, as readings are built from them, every row checked; null when decoded without the texts. */
    private final FieldColumns fields;
    /** Decoded as columns: per column of the names, its texts' codes per row ({@link FieldColumns#NO_TEXT}: none), or null. */
    private final int[][] codes;
    /** Decoded as columns: per column of the names, the texts its codes name, or null. */
    private final String[][] texts;

    DecodedColumns(SeriesId series, long start, FieldSchema names, byte[] bytes, int from, Sealing sealing, Need need) {
        long began = System.nanoTime();
        this.series = series;
        this.names = names;
        SealedBucketReader reader = SealedBucketReader.open(bytes, from);
        this.times = reader.times();
        for (int row = 0; row < times.length; row++) {
            times[row] += start;   // the codec holds times relative to the bucket's start
        }
        long values = times.length;
        this.codes = need == Need.COLUMNS ? new int[names.size()][] : null;
        this.texts = need == Need.COLUMNS ? new String[names.size()][] : null;
        if (need == Need.TIMES) {
            numbers = null;
            fields = null;
        } else if (need == Need.NUMBERS || need == Need.COLUMNS) {
            numbers = new double[names.size()][];
            fields = null;
            values += decodeValues(reader, null);
        } else {
            numbers = null;
            FieldColumns.Builder columns = FieldColumns.builder(names, times.length);
            values += decodeValues(reader, columns);
            // a bad row fails this query now, under the lock, not the caller's later read of the list
            fields = columns.build().requireValidRows();
        }
        sealing.decoded(values, System.nanoTime() - began);
    }

    /**
     * Decodes the numbers into {@link #numbers}, or, when {@code columns} is given, the numbers and the
     * texts into it (the numbers through one scratch array, which it copies); answers how many values.
     */
    private long decodeValues(SealedBucketReader reader, FieldColumns.Builder columns) {
        boolean withTexts = columns != null;
        double[] scratch = withTexts ? new double[times.length] : null;
        long values = 0;
        int column = 0;
        while (reader.nextColumn()) {
            boolean text = reader.isText();
            column = SealedColumns.columnOf(reader, column, names.size());
            if (text && withTexts) {
                int[] codes = new int[times.length];   // -1 at an absent row: FieldColumns.NO_TEXT
                columns.texts(column, codes, reader.texts(codes));
            } else if (!text && withTexts) {
                reader.numbers(scratch);
                columns.numbers(column, scratch);
            } else if (!text) {
                numbers[column] = new double[times.length];
                reader.numbers(numbers[column]);
            } else if (codes != null) {
                codes[column] = new int[times.length];
                texts[column] = reader.texts(codes[column]);
            } else {
                continue;
            }
            values += times.length - reader.absentCount();
        }
        return values;
    }

    @Override
    public int count() {
        return times.length;
    }

    @Override
    public long timeAt(int index) {
        return times[index];
    }

    @Override
    public int lowerBound(long epochMilli) {
        int low = 0;
        int high = times.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (times[mid] < epochMilli) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    @Override
    public Reading readingAt(int index) {
        Objects.checkIndex(index, times.length);
        if (fields == null) {
            throw new IllegalStateException("a reading of a bucket decoded without its texts");
        }
        return Reading.at(series, times[index], fields.fieldsAt(index));
    }

    /** Decoded as {@link Need#COLUMNS}: hands rows {@code [from, to)} to {@code sink}, column by column of each row. */
    @Override
    public void rowsInto(int from, int to, ReadingSink sink) {
        Objects.checkFromToIndex(from, to, times.length);
        if (codes == null) {
            throw new IllegalStateException("rows handed on from a bucket not decoded as columns");
        }
        sink.columns(names);
        for (int row = from; row < to; row++) {
            sink.row(times[row]);
            for (int column = 0; column < names.size(); column++) {
                int code = codes[column] == null ? FieldColumns.NO_TEXT : codes[column][row];
                if (code != FieldColumns.NO_TEXT) {
                    sink.text(column, texts[column][code]);
                } else if (numbers[column] != null && !Double.isNaN(numbers[column][row])) {
                    sink.number(column, numbers[column][row]);
                }
            }
        }
    }

    @Override
    public void aggregateInto(WindowAggregator aggregator, long from, long to) {
        if (numbers == null && fields == null) {
            throw new IllegalStateException("an aggregate of a bucket decoded without its numbers");
        }
        int end = lowerBound(to);
        for (int i = lowerBound(from); i < end; i++) {
            long time = times[i];
            WindowAggregator.Window window = aggregator.reading(time);
            for (int column = 0; column < names.size(); column++) {
                double number = numberAt(i, column);
                if (!Double.isNaN(number)) {
                    window.value(names.name(column), time, number);
                }
            }
        }
    }

    private double numberAt(int row, int column) {
        if (numbers == null) {
            return fields.numberAt(row, column);
        }
        double[] values = numbers[column];
        return values == null ? Double.NaN : values[row];
    }
}
