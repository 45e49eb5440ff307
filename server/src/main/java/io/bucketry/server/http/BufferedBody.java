package io.bucketry.server.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * A request body read to its end into memory, in chunks that grow as it arrives (4 KiB, doubling up to
 * 1 MiB), each taken from the {@link BodyBudget} before it is allocated: a slow sender holds only a
 * chunk or two, and closing gives every byte back to the budget.
 */
final class BufferedBody implements AutoCloseable {

    private static final int FIRST_CHUNK = 4 * 1024;
    private static final int LARGEST_CHUNK = 1024 * 1024;

    private final BodyBudget budget;
    private final List<byte[]> chunks = new ArrayList<>();
    private int lastUsed;
    private long reserved;

    private BufferedBody(BodyBudget budget) {
        this.budget = budget;
    }

    /**
     * All of {@code in}: {@code tooLarge} past {@code maxBytes}, {@code busy} when the budget has no room
     * for the next chunk; what the client's stream throws (408 from the body read deadline) passes through.
     */
    static BufferedBody read(InputStream in, long maxBytes, BodyBudget budget, Supplier<ApiException> tooLarge,
                             Supplier<ApiException> busy) throws IOException {
        BufferedBody body = new BufferedBody(budget);
        try {
            body.fill(in, maxBytes, tooLarge, busy);
            return body;
        } catch (IOException | RuntimeException e) {
            body.close();
            throw e;
        }
    }

    private void fill(InputStream in, long maxBytes, Supplier<ApiException> tooLarge, Supplier<ApiException> busy)
            throws IOException {
        long total = 0;
        byte[] chunk = null;
        int used = 0;
        while (true) {
            if (chunk == null || used == chunk.length) {
                // never more than one byte past the limit: that byte is what tells a body too large
                int size = (int) Math.min(chunk == null ? FIRST_CHUNK : Math.min(2L * chunk.length, LARGEST_CHUNK),
                        maxBytes + 1 - total);
                if (!budget.tryReserve(size)) {
                    throw busy.get();
                }
                reserved += size;
                chunk = new byte[size];
                chunks.add(chunk);
                used = 0;
            }
            int n = in.read(chunk, used, chunk.length - used);
            if (n < 0) {
                lastUsed = used;
                return;
            }
            used += n;
            total += n;
            if (total > maxBytes) {
                throw tooLarge.get();
            }
        }
    }

    /** The body's bytes, from the start. */
    InputStream stream() {
        List<InputStream> parts = new ArrayList<>(chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            byte[] chunk = chunks.get(i);
            parts.add(new ByteArrayInputStream(chunk, 0, i == chunks.size() - 1 ? lastUsed : chunk.length));
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    @Override
    public void close() {
        budget.release(reserved);
        reserved = 0;
        chunks.clear();
    }
}
