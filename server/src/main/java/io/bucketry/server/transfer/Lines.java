package io.bucketry.server.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * The lines of a stream as bytes, ending at LF (a CR before it dropped), numbered from 1. A line
 * with no end within the limit stops the reading ({@link LineTooLongException}): skipping to its end
 * would never end on an endless stream. A UTF-8 byte order mark at the start is dropped.
 */
final class Lines {

    /** The bytes read from the stream at once: a byte at a time cost a call (and a lock) per byte. */
    static final int CHUNK = 8192;

    private final InputStream in;
    private final byte[] chunk = new byte[CHUNK];
    private int position;
    private int filled;
    private final int limit;
    private byte[] line = new byte[256];
    private int length;
    private long number;
    private boolean ended;

    Lines(InputStream in, int limit) {
        this.in = in;
        this.limit = limit;
    }

    /**
     * Reads the next line; false at the end of the stream.
     *
     * @throws LineTooLongException when the line has no end within the limit (nothing more is read beyond the chunk that held it)
     */
    boolean next() throws IOException {
        if (ended) {
            return false;
        }
        length = 0;
        int c = read();
        if (c == -1) {
            ended = true;
            return false;
        }
        number++;
        while (c != -1 && c != '\n') {
            if (length == limit) {
                ended = true;
                throw new LineTooLongException(String.format(Locale.ROOT, "line %,d has no line end within %,d bytes,"
                        + " far more than a reading: the input is not NDJSON (one reading per line, as export writes)",
                        number, limit));
            }
            if (length == line.length) {
                line = Arrays.copyOf(line, Math.min(limit, line.length * 2));
            }
            line[length++] = (byte) c;
            c = read();
        }
        ended = c == -1;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        if (number == 1 && length >= 3 && (line[0] & 0xff) == 0xef && (line[1] & 0xff) == 0xbb && (line[2] & 0xff) == 0xbf) {
            System.arraycopy(line, 3, line, 0, length - 3);
            length -= 3;
        }
        return true;
    }

    private int read() throws IOException {
        if (position == filled) {
            filled = Math.max(0, in.read(chunk, 0, CHUNK));
            position = 0;
            if (filled == 0) {
                return -1;
            }
        }
        return chunk[position++] & 0xff;
    }

    long number() {
        return number;
    }

    byte[] bytes() {
        return line;
    }

    int length() {
        return length;
    }

    /** True for a line of only blanks. */
    boolean blank() {
        for (int i = 0; i < length; i++) {
            if (line[i] != ' ' && line[i] != '\t') {
                return false;
            }
        }
        return true;
    }
}
