package io.bucketry.application.settings;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.IntToLongFunction;

/**
 * Work split in parts on an embedder's executor, as the ingest service and a store that stores in
 * parallel both do it: part 0 on the calling thread, the others on the executor (a part it refuses,
 * when shutting down or full, runs on the caller). Every part has finished before {@link #sum}
 * returns or throws, so that nothing a part does happens after its caller has reported a failure,
 * and the parts' writes are visible to the caller.
 */
public final class Parts {

    /** Below this many readings per part, handing a part to another thread costs more than it saves. */
    public static final int MIN_READINGS_PER_PART = 2048;

    private Parts() {
    }

    /**
     * How many parts a batch of {@code size} readings is split into with up to {@code parallelism}:
     * all of them once it holds two parts' minimum, else one. The ingest service and a store that
     * stores in parallel both decide by this, and both split by {@link io.bucketry.domain.SeriesId#partOf},
     * so that a part's readings are stored by the thread that just validated them, in its cache.
     */
    public static int forBatch(int size, int parallelism) {
        return size / MIN_READINGS_PER_PART >= 2 ? parallelism : 1;
    }

    /**
     * The sum of {@code work} over parts {@code 0..parts-1}. The first failure (part 0's, else the
     * lowest part's) is rethrown as itself once all parts have finished.
     */
    public static long sum(Executor executor, int parts, IntToLongFunction work) {
        if (parts == 1) {
            return work.applyAsLong(0);
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<Long>[] others = new CompletableFuture[parts - 1];
        for (int part = 1; part < parts; part++) {
            int mine = part;
            try {
                others[part - 1] = CompletableFuture.supplyAsync(() -> work.applyAsLong(mine), executor);
            } catch (RejectedExecutionException e) {
                others[part - 1] = run(work, mine);
            }
        }
        long total = 0;
        Throwable failure = null;
        try {
            total = work.applyAsLong(0);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        for (CompletableFuture<Long> other : others) {
            try {
                total += other.join();
            } catch (CompletionException e) {
                failure = failure == null ? e.getCause() : failure;
            }
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return total;
    }

    /** Part {@code part} on this thread, its outcome (a value or a failure) as a completed future. */
    private static CompletableFuture<Long> run(IntToLongFunction work, int part) {
        try {
            return CompletableFuture.completedFuture(work.applyAsLong(part));
        } catch (RuntimeException | Error e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
