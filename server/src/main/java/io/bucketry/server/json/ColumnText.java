package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;

import java.io.IOException;
import java.util.Arrays;

/**
 * One JSON array of an answer's column built as text and handed to the generator as one raw value: the
 * generator's bookkeeping of each value (separator, context) once per column instead of once per row. Holds
 * numbers ({@link DoubleText}), nulls, booleans and texts. Reused column after column by one answer.
 */
final class ColumnText {

    /** Room for the longest value: a double's or a long's text and a separator. */
    private static final int ROOM = 40;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private char[] chars = new char[1024];
    private int length;

    /** Starts a new column, empty. */
    ColumnText start() {
        chars[0] = '[';
        length = 1;
        return this;
    }

    void number(long value) {
        room(ROOM);
        separate();
        length = NumberOutput.outputLong(value, chars, length);
    }

    /** Appends {@code value}; one that is not finite as the generator writes it (in quotes, as {@link Double#toString}). */
    void number(double value) {
        room(ROOM);
        separate();
        if (Double.isFinite(value)) {
            length = DoubleText.append(value, chars, length);
        } else {
            chars[length++] = '"';
            String text = Double.toString(value);
            text.getChars(0, text.length(), chars, length);
            length += text.length();
            chars[length++] = '"';
        }
    }

    void nothing() {
        room(ROOM);
        separate();
        "null".getChars(0, 4, chars, length);
        length += 4;
    }

    void bool(boolean value) {
        room(ROOM);
        separate();
        String text = value ? "true" : "false";
        text.getChars(0, text.length(), chars, length);
        length += text.length();
    }

    /**
     * Appends {@code value} as a JSON string: printable ASCII as it is, a quote and a backslash after a
     * backslash, every other char as {@code \\uXXXX} (the same string to any reader as the generator's text).
     */
    void text(String value) {
        room(value.length() * 6 + 3);
        separate();
        chars[length++] = '"';
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c <= 0x7E && c != '"' && c != '\\') {
                chars[length++] = c;
            } else if (c == '"' || c == '\\') {
                chars[length++] = '\\';
                chars[length++] = c;
            } else {
                chars[length++] = '\\';
                chars[length++] = 'u';
                for (int shift = 12; shift >= 0; shift -= 4) {
                    chars[length++] = HEX[(c >> shift) & 0xF];
                }
            }
        }
        chars[length++] = '"';
    }

    /** Ends the column and writes it as the next value of {@code out}. */
    void write(JsonGenerator out) throws IOException {
        room(1);
        chars[length++] = ']';
        out.writeRawValue(chars, 0, length);
    }

    private void separate() {
        if (length > 1) {
            chars[length++] = ',';
        }
    }

    private void room(int more) {
        if (length + more + 1 > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(chars.length * 2, length + more + 1));
        }
    }
}
