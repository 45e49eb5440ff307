package io.bucketry.application.port.out;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.List;

/**
 * Receives the readings of a read row by row, as columns take them, so that a store that keeps columns or
 * packed rows hands over times and values without building a {@link Reading} and its {@link Fields} per row.
 * The calls come in this order: {@link #series} before the first row and whenever the series or its meta
 * changes; {@link #columns} after each {@link #series} and whenever the columns change; per row {@link #row},
 * then its values by index into the last columns (a column the row lacks gets no call). A store may call a
 * sink while it holds its own locks: a sink records what it is given, and does no input or output.
 */
public interface ReadingSink {

    /** The rows that follow are of {@code series}, written with {@code meta}. */
    void series(SeriesId series, SeriesMeta meta);

    /** The columns that the values of the rows that follow are given by. */
    void columns(FieldSchema names);

    /** The next row, at {@code epochMilli}; later than the one before in the same series. */
    void row(long epochMilli);

    /** The row's number (finite) in column {@code column}. */
    void number(int column, double value);

    /** The row's text in column {@code column}. */
    void text(int column, String value);

    /** Feeds {@code readings}, in their order, into {@code sink}: what a store that reads whole readings does. */
    static void feed(List<Reading> readings, ReadingSink sink) {
        SeriesId series = null;
        SeriesMeta meta = null;
        FieldSchema names = null;
        for (Reading reading : readings) {
            if (!reading.series().equals(series) || !reading.meta().equals(meta)) {
                series = reading.series();
                meta = reading.meta();
                sink.series(series, meta);
                names = null;
            }
            Fields fields = reading.fields();
            if (fields.schema() != names && !fields.schema().equals(names)) {   // readings decoded one by one have equal schemas
                names = fields.schema();
                sink.columns(names);
            }
            sink.row(reading.epochMilli());
            for (int i = 0; i < fields.size(); i++) {
                if (fields.isText(i)) {
                    sink.text(i, fields.textAt(i));
                } else {
                    sink.number(i, fields.numberAt(i));
                }
            }
        }
    }
}
