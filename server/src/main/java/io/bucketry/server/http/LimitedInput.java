package io.bucketry.server.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/** A request body that fails with the given exception as soon as more than {@code maxBytes} arrive. */
final class LimitedInput extends FilterInputStream {

    private final long maxBytes;
    private final Supplier<? extends RuntimeException> tooLarge;
    private long count;

    LimitedInput(InputStream in, long maxBytes, Supplier<? extends RuntimeException> tooLarge) {
        super(in);
        this.maxBytes = maxBytes;
        this.tooLarge = tooLarge;
    }

    /**
     * Reads and drops what is left of {@code in} up to its limit, so that the client, still
     * sending, receives the answer instead of a reset connection.
     */
    static void discard(InputStream in) {
        byte[] sink = new byte[8192];
        try {
            while (in.read(sink, 0, sink.length) >= 0) {
                // dropped
            }
        } catch (IOException | RuntimeException e) {
            // past the limit or cut off: the answer is decided already
        }
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        counted(c < 0 ? 0 : 1);
        return c;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        counted(Math.max(n, 0));
        return n;
    }

    private void counted(int n) {
        count += n;
        if (count > maxBytes) {
            throw tooLarge.get();
        }
    }
}
