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

/**
 * CSV after RFC 4180: a header {@code series,time,<field names…>} (the union of the export's field
 * names, sorted), then one record per reading, lines ending with CRLF. Time is ISO-8601 UTC; a
 * number is written as Java (and the JSON form) writes a double; a field the reading lacks is an
 * empty cell, an empty text is {@code ""}; a text holding a comma, a quote, CR, LF or a leading or
 * trailing space is enclosed in double quotes, with each quote inside doubled.
 */
final class CsvWriter implements ReadingWriter {

    private final Writer out;
    private final List<String> names;

    CsvWriter(OutputStream stream, List<String> names) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        this.names = List.copyOf(names);
        out.write("series,time");
        for (String name : names) {
            out.write(',');
            out.write(name);   // field names are [A-Za-z][A-Za-z0-9_]*: never quoted
        }
        out.write("\r\n");
    }

    @Override
    public void write(Reading reading) throws IOException {
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
