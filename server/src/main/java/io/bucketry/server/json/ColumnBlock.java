package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The readings of one series written with one meta, as columns: a time per row, and per field a value per
 * row, the fields in the order they first came. Written as {@code {"series", "measurement"?, "tags"?,
 * "time": [epoch ms…], "fields": {name: [number | text | null…]}}}: the series and its meta once, a row's
 * missing value as null.
 */
public final class ColumnBlock {

    private final SeriesId series;
    private final SeriesMeta meta;
    private long[] times = new long[16];
    private int rows;
    private final Map<String, Column> fields = new LinkedHashMap<>();

    /** One field's values: numbers (NaN where a row has none, a stored number is finite), texts where it has one. */
    static final class Column {
        private double[] numbers;
        private String[] texts;

        Column(int capacity) {
            numbers = new double[capacity];
            Arrays.fill(numbers, Double.NaN);
        }

        void number(int row, double value) {
            numbers[row] = value;
        }

        void text(int row, String value) {
            if (texts == null) {
                texts = new String[numbers.length];
            }
            texts[row] = value;
        }

        void grow(int capacity) {
            int old = numbers.length;
            numbers = Arrays.copyOf(numbers, capacity);
            Arrays.fill(numbers, old, capacity, Double.NaN);
            if (texts != null) {
                texts = Arrays.copyOf(texts, capacity);
            }
        }

        void write(ColumnText out, int row) {
            String text = texts == null ? null : texts[row];
            if (text != null) {
                out.text(text);
            } else if (Double.isNaN(numbers[row])) {
                out.nothing();
            } else {
                out.number(numbers[row]);
            }
        }
    }

    public ColumnBlock(SeriesId series, SeriesMeta meta) {
        this.series = series;
        this.meta = meta;
    }

    public SeriesId series() {
        return series;
    }

    public SeriesMeta meta() {
        return meta;
    }

    public int rows() {
        return rows;
    }

    /** The column of field {@code name}, made (empty so far) when it first comes. */
    Column column(String name) {
        return fields.computeIfAbsent(name, n -> new Column(times.length));
    }

    /** Starts the next row, at {@code epochMilli}; answers its index. */
    int row(long epochMilli) {
        if (rows == times.length) {
            times = Arrays.copyOf(times, rows * 2);
            for (Column column : fields.values()) {
                column.grow(times.length);
            }
        }
        times[rows] = epochMilli;
        return rows++;
    }

    /** Writes this block as one JSON object. */
    public void write(JsonGenerator out) throws IOException {
        write(out, new ColumnText());
    }

    /** As {@link #write(JsonGenerator)}, each column built in {@code column}. */
    void write(JsonGenerator out, ColumnText column) throws IOException {
        out.writeStartObject();
        out.writeStringField("series", series.value());
        writeMeta(out, meta);
        out.writeFieldName("time");
        times(column.start());
        column.write(out);
        out.writeObjectFieldStart("fields");
        for (Map.Entry<String, Column> field : fields.entrySet()) {
            out.writeFieldName(field.getKey());
            values(column.start(), field.getValue());
            column.write(out);
        }
        out.writeEndObject();
        out.writeEndObject();
    }

    // one loop a method, each compiled on its own (as WindowColumns' columns)
    private void times(ColumnText column) {
        for (int row = 0; row < rows; row++) {
            column.number(times[row]);
        }
    }

    private void values(ColumnText column, Column values) {
        for (int row = 0; row < rows; row++) {
            values.write(column, row);
        }
    }

    /** The {@code "measurement"} and {@code "tags"} members of {@code meta}, each where it has one (as a reading's). */
    static void writeMeta(JsonGenerator out, SeriesMeta meta) throws IOException {
        if (meta.measurement() != null) {
            out.writeStringField("measurement", meta.measurement());
        }
        if (!meta.tags().isEmpty()) {
            out.writeFieldName("tags");
            writeTags(out, meta);
        }
    }

    static void writeTags(JsonGenerator out, SeriesMeta meta) throws IOException {
        out.writeStartObject();
        for (Map.Entry<String, String> tag : meta.tags().values().entrySet()) {
            out.writeStringField(tag.getKey(), tag.getValue());
        }
        out.writeEndObject();
    }

    /** Blocks collected in order, for a read that fills them first and writes them after. */
    public static final class Collected {
        private final List<ColumnBlock> blocks = new ArrayList<>();

        public void add(ColumnBlock block) {
            blocks.add(block);
        }

        /** Writes the one block collected, as an object. */
        public void writeOne(JsonGenerator out) throws IOException {
            if (blocks.size() != 1) {
                throw new IllegalStateException(blocks.size() + " blocks where one was expected");
            }
            blocks.get(0).write(out, new ColumnText());
        }

        /** Writes the blocks as a JSON array. */
        public void write(JsonGenerator out) throws IOException {
            out.writeStartArray();
            ColumnText column = new ColumnText();
            for (ColumnBlock block : blocks) {
                block.write(out, column);
            }
            out.writeEndArray();
        }
    }
}
