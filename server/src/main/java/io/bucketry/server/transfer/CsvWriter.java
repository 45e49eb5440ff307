package io.bucketry.server.transfer;

import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * CSV after RFC 4180: a header {@code series,time,<field names…>} (the union of the export's field
 * names, sorted), then one record per reading, lines ending with CRLF. Time is ISO-8601 UTC; a
 * number is written as Java (and the JSON form) writes a double; a field the reading lacks is an
 * empty cell, an empty text is {@code ""}; a text holding a comma, a quote, CR, LF or a leading or
 * trailing space is enclosed in double quotes, with each quote inside doubled. A reading with a field
 * the header lacks (first stored after the header was decided) stops the export
 * ({@link FieldAfterHeaderException}): a record cannot add a column, and leaving it out loses data.
 */
final class CsvWriter implements ReadingWriter {

    private final Writer out;
    private final List<String> names;
    private final Set<String> known;

    CsvWriter(OutputStream stream, List<String> names) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        this.names = List.copyOf(names);
        this.known = Set.copyOf(names);
        out.write("series,time");
        for (String name : names) {
            out.write(',');
            out.write(name);   // field names are [A-Za-z][A-Za-z0-9_]*: never quoted
        }
        out.write("\r\n");
    }

    @Override
    public void write(Reading reading) throws IOException {
        if (!known.containsAll(reading.fields().keySet())) {
            throw unknownField(reading);
        }
        out.write(reading.series().value());
        out.write(',');
        out.write(reading.time().toString());
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

    private FieldAfterHeaderException unknownField(Reading reading) {
        String name = reading.fields().keySet().stream().filter(field -> !known.contains(field)).sorted().findFirst()
                .orElseThrow();
        return new FieldAfterHeaderException("field '" + name + "' of series '" + reading.series().value() + "' at "
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
