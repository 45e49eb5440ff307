package io.bucketry.server.transfer;

import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Quote;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * CSV after RFC 4180: a header {@code series,time,[_measurement,][tag.<key>…,]<field names…>} ({@link CsvColumns}:
 * the export's measurement, tag keys and field names, sorted), then one record per reading, lines ending with
 * CRLF. Time is ISO-8601 UTC; a number is written as Java (and the JSON form) writes a double; a field, tag or
 * measurement the reading lacks is an empty cell, an empty text is {@code ""}; a text holding a comma, a quote,
 * CR, LF or a leading or trailing space is enclosed in double quotes, with each quote inside doubled. A reading
 * with a field, tag key or measurement the header lacks (first stored after the header was decided) stops the
 * export ({@link FieldAfterHeaderException}): a record cannot add a column, and leaving it out loses data.
 */
final class CsvWriter implements ReadingWriter {

    private final Writer out;
    private final CsvColumns columns;
    private final List<String> names;
    private final Set<String> known;
    private final Set<String> knownTags;

    CsvWriter(OutputStream stream, CsvColumns columns) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        this.columns = columns;
        this.names = columns.fields();
        this.known = Set.copyOf(names);
        this.knownTags = Set.copyOf(columns.tagKeys());
        out.write("series,time");
        if (columns.measurement()) {
            out.write("," + CsvColumns.MEASUREMENT);
        }
        for (String key : columns.tagKeys()) {
            out.write("," + CsvColumns.TAG + key);   // tag keys, like field names, are [A-Za-z][A-Za-z0-9_]*: never quoted
        }
        for (String name : names) {
            out.write(',');
            out.write(name);   // field names are [A-Za-z][A-Za-z0-9_]*: never quoted
        }
        out.write("\r\n");
    }

    @Override
    public void write(Reading reading) throws IOException {
        SeriesMeta meta = reading.meta();
        if (!known.containsAll(reading.fields().keySet()) || !knownTags.containsAll(meta.tags().values().keySet())
                || meta.measurement() != null && !columns.measurement()) {
            throw unknownColumn(reading);
        }
        out.write(reading.series().value());
        out.write(',');
        out.write(reading.time().toString());
        if (columns.measurement()) {
            out.write(',');
            if (meta.measurement() != null) {
                out.write(escaped(meta.measurement()));
            }
        }
        for (String key : columns.tagKeys()) {
            out.write(',');
            String value = meta.tags().get(key);
            if (value != null) {
                out.write(escaped(value));
            }
        }
        for (String name : names) {
            out.write(',');
            FieldValue value = reading.fields().get(name);
            if (value instanceof FieldValue.Numeric numeric) {
                out.write(Double.toString(numeric.value()));
            } else if (value instanceof FieldValue.Text text) {
                out.write(escaped(text.value()));
            }
        }
        out.write("\r\n");
    }

    private FieldAfterHeaderException unknownColumn(Reading reading) {
        String what = reading.fields().keySet().stream().filter(field -> !known.contains(field)).sorted()
                .map(field -> "field " + Quote.of(field)).findFirst()
                .or(() -> reading.meta().tags().values().keySet().stream().filter(key -> !knownTags.contains(key))
                        .map(key -> "tag " + Quote.of(key)).findFirst())
                .orElse("the measurement");
        return new FieldAfterHeaderException(what + " of series '" + reading.series().value() + "' at "
                + reading.time() + " was first stored while the CSV export ran, after its header was written, so the"
                + " header has no column for it: the export stops here rather than leave it out. Export again (the"
                + " header then has it), or export NDJSON, which has no header");
    }

    /** {@code text} as one CSV cell: as is, or quoted with its quotes doubled where RFC 4180 needs it. */
    static String escaped(String text) {
        boolean quote = text.isEmpty() || text.charAt(0) == ' ' || text.charAt(text.length() - 1) == ' ';
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }
}
