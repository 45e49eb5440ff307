package io.bucketry.adapter.inmemory;

import io.bucketry.codec.SealedBucketReader;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregator;

import java.util.Objects;

/**
 * A sealed bucket decoded for one query, straight into plain arrays, in one step: its times and what
 * else the query says it needs ({@link Need}; a range's bounds need the times alone, an aggregate no
 * texts). Each reading's fields are built once from these arrays. Lives as long as the query.
 */
final class DecodedColumns implements BucketRows {

    /** What a query needs of a sealed bucket besides its times. */
    enum Need { TIMES, NUMBERS, ALL }

    private final SeriesId series;
    private final FieldSchema names;
    private final long[] times;
    /** Per column of the names, its numbers (NaN where a row has none: a stored number is always finite), or null. */
    private double[][] numbers;
    /** Per column of the names, its texts' codes (-1 where a row has none) into {@link #dictionaries}, or null. */
    private int[][] texts;
    private String[][] dictionaries;
    private boolean textsRead;

    DecodedColumns(SeriesId series, long start, FieldSchema names, byte[] bytes, int from, Sealing sealing, Need need) {
        long began = System.nanoTime();
        this.series = series;
        this.names = names;
        SealedBucketReader reader = SealedBucketReader.open(bytes, from);
        this.times = reader.times();
        for (int row = 0; row < times.length; row++) {
            times[row] += start;   // the codec holds times relative to the bucket's start
        }
        long values = times.length + (need == Need.TIMES ? 0 : decodeValues(reader, need == Need.ALL));
        sealing.decoded(values, System.nanoTime() - began);
    }

    /** Decodes the numbers, and the texts when {@code withTexts}; answers how many values. */
    private long decodeValues(SealedBucketReader reader, boolean withTexts) {
        numbers = new double[names.size()][];
        texts = new int[names.size()][];
        dictionaries = new String[names.size()][];
        long values = 0;
        int column = 0;
        while (reader.nextColumn()) {
            boolean text = reader.isText();
            column = SealedColumns.columnOf(reader, column, names.size());
            if (text && withTexts) {
                texts[column] = new int[times.length];
                dictionaries[column] = reader.texts(texts[column]);
            } else if (!text) {
                numbers[column] = new double[times.length];
                reader.numbers(numbers[column]);
            } else {
                continue;
            }
            values += times.length - reader.absentCount();
        }
        textsRead = withTexts;
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
        if (!textsRead) {
            throw new IllegalStateException("a reading of a bucket decoded without its texts");
        }
        Fields.Builder fields = Fields.builder(names);
        for (int column = 0; column < numbers.length; column++) {
            double[] number = numbers[column];
            if (number != null && !Double.isNaN(number[index])) {
                fields.number(column, number[index]);
                continue;
            }
            int[] text = texts[column];
            if (text != null && text[index] >= 0) {
                fields.text(column, dictionaries[column][text[index]]);
            }
        }
        return Reading.at(series, times[index], fields.build());
    }

    @Override
    public void aggregateInto(WindowAggregator aggregator, long from, long to) {
        if (numbers == null) {
            throw new IllegalStateException("an aggregate of a bucket decoded without its numbers");
        }
        int end = lowerBound(to);
        for (int i = lowerBound(from); i < end; i++) {
            long time = times[i];
            WindowAggregator.Window window = aggregator.reading(time);
            for (int column = 0; column < numbers.length; column++) {
                double[] number = numbers[column];
                if (number != null && !Double.isNaN(number[i])) {
                    window.value(names.name(column), time, number[i]);
                }
            }
        }
    }
}
