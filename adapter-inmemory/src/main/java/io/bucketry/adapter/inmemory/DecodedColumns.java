package io.bucketry.adapter.inmemory;

import io.bucketry.codec.Column;
import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.TextColumn;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregator;

import java.util.Objects;

/**
 * A sealed bucket decoded for one query: the codec's columns, looked up once per bucket by column
 * index of the names (see {@link SealedColumns}), read row by row straight into the readings or the
 * windows the query returns. Lives as long as the query.
 */
final class DecodedColumns implements BucketRows {

    private final SeriesId series;
    /** The codec holds times relative to the bucket's start. */
    private final long start;
    private final FieldSchema names;
    private final SealedBucket decoded;
    private final NumericColumn[] numbers;
    private final TextColumn[] texts;

    DecodedColumns(SeriesId series, long start, FieldSchema names, SealedBucket decoded) {
        this.series = series;
        this.start = start;
        this.names = names;
        this.decoded = decoded;
        this.numbers = new NumericColumn[names.size()];
        this.texts = new TextColumn[names.size()];
        for (int column = 0; column < names.size(); column++) {
            Column number = decoded.columns().get(SealedColumns.numbersOf(column));
            numbers[column] = number == null ? null : (NumericColumn) number;
            Column text = decoded.columns().get(SealedColumns.textsOf(column));
            texts[column] = text == null ? null : (TextColumn) text;
        }
    }

    @Override
    public int count() {
        return decoded.count();
    }

    @Override
    public long timeAt(int index) {
        Objects.checkIndex(index, count());
        return start + decoded.time(index);
    }

    @Override
    public int lowerBound(long epochMilli) {
        int low = 0;
        int high = count();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (start + decoded.time(mid) < epochMilli) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    @Override
    public Reading readingAt(int index) {
        Objects.checkIndex(index, count());
        Fields.Builder fields = Fields.builder(names);
        for (int column = 0; column < numbers.length; column++) {
            NumericColumn number = numbers[column];
            if (number != null && !number.isAbsent(index)) {
                fields.number(column, number.value(index));
                continue;
            }
            TextColumn text = texts[column];
            if (text != null && !text.isAbsent(index)) {
                fields.text(column, text.value(index));
            }
        }
        return Reading.at(series, start + decoded.time(index), fields.build());
    }

    @Override
    public void aggregateInto(WindowAggregator aggregator, long from, long to) {
        int end = lowerBound(to);
        for (int i = lowerBound(from); i < end; i++) {
            long time = start + decoded.time(i);
            WindowAggregator.Window window = aggregator.reading(time);
            for (int column = 0; column < numbers.length; column++) {
                NumericColumn number = numbers[column];
                if (number != null && !number.isAbsent(i)) {
                    window.value(names.name(column), time, number.value(i));
                }
            }
        }
    }
}
