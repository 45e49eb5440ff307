package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One JSON array of an answer's column built as text and handed to the generator as one raw value: the
 * generator's bookkeeping of each value (separator, context) once per column instead of once per row. Holds
 * numbers ({@link DoubleText}), nulls, booleans and texts. Reused column after column by one answer. The text
 * is ASCII (any other char is escaped), kept as bytes: the generator copies them as they are, with no pass that
 * encodes chars to UTF-8.
 */
final class ColumnText {

    /** Room for the longest value: a double's or a long's text and a separator. */
    private static final int ROOM = 40;

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[1024];
    private final RawJson raw = new RawJson();
    private int length;

    /** Starts a new column, empty. */
    ColumnText start() {
        bytes[0] = '[';
        length = 1;
        return this;
    }

    void number(long value) {
        room(ROOM);
        separate();
        length = NumberOutput.outputLong(value, bytes, length);
    }

    /** Appends {@code value}; one that is not finite as the generator writes it (in quotes, as {@link Double#toString}). */
    void number(double value) {
        room(ROOM);
        separate();
        if (Double.isFinite(value)) {
            length = DoubleText.append(value, bytes, length);
        } else {
            bytes[length++] = '"';
            put(Double.toString(value).getBytes(StandardCharsets.US_ASCII));
            bytes[length++] = '"';
        }
    }

    void nothing() {
        room(ROOM);
        separate();
        put(NULL);
    }

    void bool(boolean value) {
        room(ROOM);
        separate();
        put(value ? TRUE : FALSE);
    }

    /**
     * Appends {@code value} as a JSON string: printable ASCII as it is, a quote and a backslash after a
     * backslash, every other char as {@code \\uXXXX} (the same string to any reader as the generator's text).
     */
    void text(String value) {
        room(value.length() * 6 + 3);
        separate();
        bytes[length++] = '"';
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c <= 0x7E && c != '"' && c != '\\') {
                bytes[length++] = (byte) c;
            } else if (c == '"' || c == '\\') {
                bytes[length++] = '\\';
                bytes[length++] = (byte) c;
            } else {
                bytes[length++] = '\\';
                bytes[length++] = 'u';
                for (int shift = 12; shift >= 0; shift -= 4) {
                    bytes[length++] = HEX[(c >> shift) & 0xF];
                }
            }
        }
        bytes[length++] = '"';
    }

    /** Ends the column and writes it as the next value of {@code out}. */
    void write(JsonGenerator out) throws IOException {
        room(1);
        bytes[length++] = ']';
        out.writeRawValue(raw.of(bytes, length));
    }

    private void put(byte[] text) {
        System.arraycopy(text, 0, bytes, length, text.length);
        length += text.length;
    }

    private void separate() {
        if (length > 1) {
            bytes[length++] = ',';
        }
    }

    private void room(int more) {
        if (length + more + 1 > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more + 1));
        }
    }
}
