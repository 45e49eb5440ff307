package io.bucketry.server.json;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

/**
 * Reads a JSON array from a stream one element at a time, handing out each element's bytes as
 * their own stream. A JSON parser cannot carry on after a flaw inside a value (a duplicate key,
 * a value nested too deep), so the element boundaries are found here, by a scan that only tracks
 * strings and bracket depth: a flawed element is skipped to its end and the next one parsed.
 * Whatever breaks the array itself (no {@code [}, a missing comma, the body ending early,
 * trailing content) is a MALFORMED_JSON refusal of the whole body.
 */
public final class ArrayElements {

    private final InputStream in;
    private final byte[] buffer;
    private int position;
    private int limit;
    private long line = 1;
    private long column = 1;
    private int started;
    private boolean opened;
    private Element current;

    public ArrayElements(InputStream in) {
        this(in, 8192);
    }

    /** @param bufferSize the bytes read ahead at once: a body's stream wants 8 KiB, one short line its own length */
    ArrayElements(InputStream in, int bufferSize) {
        this.in = in;
        this.buffer = new byte[bufferSize];
    }

    /** The first non-blank byte of the body after a UTF-8 byte order mark, without consuming it; -1 for none. */
    public int firstByte() throws IOException {
        if (peek() == 0xef) {
            for (int expected : new int[] {0xef, 0xbb, 0xbf}) {
                if (peek() != expected) {
                    throw malformed("the body is not UTF-8");
                }
                take();
            }
        }
        return skipBlanks();
    }

    /** True when another element starts (its stream is then {@link #element()}); false after the closing {@code ]}. */
    public boolean next() throws IOException {
        int c;
        if (!opened) {
            if (skipBlanks() != '[') {
                throw new IllegalStateException("the caller checks for '[' with firstByte()");
            }
            take();
            opened = true;
            c = skipBlanks();
            if (c == ']') {
                return closed();
            }
        } else {
            current.drain();
            c = skipBlanks();
            if (c == ']') {
                return closed();
            }
            if (c != ',') {
                throw malformed(c == -1 ? "the body ends before the array is closed with ']'"
                        : "expected ',' or ']' after reading " + (started - 1) + ", found " + shown(c));
            }
            take();
            c = skipBlanks();
        }
        if (c == -1 || c == ',' || c == ']') {
            throw malformed(c == -1 ? "the body ends where a reading was expected"
                    : "expected a reading, found " + shown(c));
        }
        started++;
        current = new Element();
        return true;
    }

    /** What is left of the body, from the first byte not yet consumed. */
    public InputStream rest() {
        return new SequenceInputStream(new ByteArrayInputStream(buffer, position, limit - position), in);
    }

    /** The bytes of the current element, ending where its JSON value ends. */
    public Element element() {
        return current;
    }

    private boolean closed() throws IOException {
        take();
        int c = skipBlanks();
        if (c != -1) {
            throw malformed("unexpected " + shown(c) + " after the closing ']' of the array");
        }
        return false;
    }

    private int skipBlanks() throws IOException {
        int c = peek();
        while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            take();
            c = peek();
        }
        return c;
    }

    private int peek() throws IOException {
        if (position == limit) {
            limit = in.read(buffer, 0, buffer.length);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position] & 0xff;
    }

    private int take() {
        int c = buffer[position++] & 0xff;
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        return c;
    }

    private static String shown(int c) {
        return c >= 0x20 && c < 0x7f ? "'" + (char) c + "'" : String.format("byte 0x%02x", c);
    }

    public MalformedJsonException malformed(String what) {
        return new MalformedJsonException("the body is not valid JSON: " + what
                + " (line " + line + ", column " + column + ")");
    }

    /**
     * One element's bytes. A container ends at its matching bracket, a string at its closing
     * quote, anything else before the next blank, comma or bracket. Past {@link #MAX_DEPTH} levels
     * the stream ends early (the parser then fails) and {@link #tooDeep()} says why.
     */
    public final class Element extends InputStream {

        /** Deeper than any reading needs; a parser keeps one object per level, so depth is bounded here. */
        static final int MAX_DEPTH = 100;

        private int depth;
        private boolean inString;
        private boolean escaped;
        private boolean scalar;
        private boolean begun;
        private boolean done;
        private boolean tooDeep;

        boolean tooDeep() {
            return tooDeep;
        }

        @Override
        public int read() throws IOException {
            return done || tooDeep ? -1 : step();
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            int n = 0;
            while (n < length && !done && !tooDeep) {
                int c = step();
                if (c < 0) {
                    break;
                }
                into[offset + n++] = (byte) c;
            }
            return n == 0 ? -1 : n;
        }

        /** Skips what is left of the element. */
        void drain() throws IOException {
            while (!done) {
                step();
            }
        }

        /** The element's next byte, or -1 at its end (after which {@code done} is set). */
        private int step() throws IOException {
            int c = peek();
            if (c == -1) {
                throw malformed("the body ends inside reading " + (started - 1));
            }
            if (!begun) {
                begun = true;
                scalar = c != '{' && c != '[' && c != '"';
            }
            if (scalar && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ']' || c == '}'
                    || c == '[' || c == '{' || c == '"' || c == ':')) {
                done = true;
                return -1;
            }
            take();
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    inString = false;
                    done = depth == 0;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
                tooDeep = depth > MAX_DEPTH;
            } else if (c == '}' || c == ']') {
                depth--;
                done = depth == 0;
            }
            return c;
        }
    }
}
