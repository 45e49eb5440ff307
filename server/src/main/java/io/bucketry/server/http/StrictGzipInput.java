package io.bucketry.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * A gzip body inflated strictly, where {@link java.util.zip.GZIPInputStream} is lenient: an empty or cut-off
 * stream, a wrong CRC or length, and bytes after the last member that are not another member all fail
 * with a {@link ZipException} saying which (GZIPInputStream throws EOFException for the first and
 * silently drops the last). Concatenated members are read as one stream, as RFC 1952 allows.
 */
final class StrictGzipInput extends InputStream {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream in;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int len;
    private boolean inMember;
    private boolean ended;

    StrictGzipInput(InputStream in) throws IOException {
        this.in = in;
        if (!member(true)) {
            throw new ZipException("the body is empty");
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int n) throws IOException {
        if (n == 0) {
            return 0;
        }
        while (!ended) {
            if (!inMember) {
                ended = !member(false);
                continue;
            }
            int got = inflate(b, off, n);
            if (got > 0) {
                crc.update(b, off, got);
                return got;
            }
            if (inflater.finished()) {
                pos = len - inflater.getRemaining();
                trailer();
                inMember = false;
            } else if (inflater.needsInput()) {
                if (pos == len && !fill()) {
                    throw new ZipException("the gzip stream is cut off before its end");
                }
                inflater.setInput(buf, pos, len - pos);
                pos = len;
            } else if (inflater.needsDictionary()) {
                throw new ZipException("the gzip stream needs a preset dictionary, which gzip does not have");
            }   // else: input consumed without output (an empty block): inflate again
        }
        return -1;
    }

    private int inflate(byte[] b, int off, int n) throws ZipException {
        try {
            return inflater.inflate(b, off, n);
        } catch (DataFormatException e) {
            throw new ZipException("the compressed data is corrupt: " + e.getMessage());
        }
    }

    /** Reads a member's header; false at the end of the body (only where a further member may start). */
    private boolean member(boolean first) throws IOException {
        int id1 = next();
        if (id1 < 0) {
            return false;
        }
        int id2 = next();
        if (id1 != 0x1f || id2 != 0x8b) {
            throw new ZipException(first ? "it does not start with the gzip magic bytes 1f 8b"
                    : "bytes follow the end of the gzip stream");
        }
        int method = required("header");
        if (method != 8) {
            throw new ZipException("compression method " + method + " is not deflate");
        }
        int flags = required("header");
        skip(6, "header");   // modification time, extra flags, operating system
        if ((flags & FEXTRA) != 0) {
            skip(required("header") | required("header") << 8, "extra field");
        }
        if ((flags & FNAME) != 0) {
            skipZeroTerminated("file name");
        }
        if ((flags & FCOMMENT) != 0) {
            skipZeroTerminated("comment");
        }
        if ((flags & FHCRC) != 0) {
            skip(2, "header");
        }
        inflater.reset();
        crc.reset();
        inMember = true;
        return true;
    }

    private void trailer() throws IOException {
        long expectedCrc = 0;
        long expectedSize = 0;
        for (int i = 0; i < 4; i++) {
            expectedCrc |= (long) required("trailer") << (8 * i);
        }
        for (int i = 0; i < 4; i++) {
            expectedSize |= (long) required("trailer") << (8 * i);
        }
        if (expectedCrc != crc.getValue()) {
            throw new ZipException("the CRC of the inflated data does not match the gzip trailer");
        }
        if (expectedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
            throw new ZipException("the inflated size does not match the gzip trailer");
        }
    }

    private void skip(int count, String part) throws IOException {
        for (int i = 0; i < count; i++) {
            required(part);
        }
    }

    private void skipZeroTerminated(String part) throws IOException {
        while (required(part) != 0) {
            // skipped
        }
    }

    private int required(String part) throws IOException {
        int c = next();
        if (c < 0) {
            throw new ZipException("the gzip stream is cut off in its " + part);
        }
        return c;
    }

    private int next() throws IOException {
        if (pos == len && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        while (n == 0) {
            n = in.read(buf, 0, buf.length);
        }
        if (n < 0) {
            return false;
        }
        pos = 0;
        len = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
