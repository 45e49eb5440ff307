package io.bucketry.server.http;

import io.javalin.http.Context;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The body of a line-protocol write as a stream, inflated when it says {@code Content-Encoding: gzip};
 * both the bytes sent and the bytes inflated are held to the body limit (413 past it).
 */
final class LineBodies {

    private LineBodies() {
    }

    static InputStream open(Context ctx, long maxBytes) throws IOException {
        InputStream raw = new Limited(ctx.req().getInputStream(), maxBytes);
        String encoding = ctx.header("Content-Encoding");
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return raw;
        }
        if (encoding.strip().toLowerCase(Locale.ROOT).equals("gzip")) {
            return new Limited(new GZIPInputStream(raw, 64 * 1024), maxBytes);
        }
        throw new ApiException(415, "UNSUPPORTED_ENCODING", "Content-Encoding '" + encoding
                + "' is not supported; send the body as is or gzip");
    }

    static ApiException tooLarge(long maxBytes) {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes
                + " bytes; send the lines in smaller writes");
    }

    /** Fails with 413 once more than {@code max} bytes have been read. */
    private static final class Limited extends FilterInputStream {
        private final long max;
        private long count;

        Limited(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                counted(1);
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) {
            count += n;
            if (count > max) {
                throw tooLarge(max);
            }
        }
    }
}
