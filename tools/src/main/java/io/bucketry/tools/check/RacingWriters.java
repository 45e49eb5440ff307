package io.bucketry.tools.check;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.domain.Reading;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.bucketry.tools.check.CheckData.*;

/**
 * Several writers at once, each sending every reading of the same set in its own shuffled order of
 * overlapping batches: exactly one of them stores each reading, the others count it a duplicate.
 */
final class RacingWriters {

    static final int WRITERS = 4;
    static final int READINGS = 3 * 120;
    static final int BATCH = 40;

    private RacingWriters() {
    }

    static Outcome run(CheckContext context) throws Exception {
        List<ReadingInput> all = new ArrayList<>();
        for (String series : List.of("race-a", "race-b", "race-c")) {
            all.addAll(CheckData.run(series, origin(context.now()), MINUTE, READINGS / 3));
        }
        long seed = context.now().toEpochMilli();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (OpenStore store = context.open("racing_writers")) {
            List<Callable<long[]>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                List<ReadingInput> order = new ArrayList<>(all);
                Collections.shuffle(order, new Random(seed + w));
                writers.add(() -> {
                    long[] counts = new long[2];
                    for (int from = 0; from < order.size(); from += BATCH) {
                        IngestReport report = store.useCases().ingest()
                                .ingest(order.subList(from, Math.min(order.size(), from + BATCH)));
                        counts[0] += report.accepted();
                        counts[1] += report.duplicates();
                    }
                    return counts;
                });
            }
            long accepted = 0;
            long duplicates = 0;
            for (Future<long[]> result : pool.invokeAll(writers, 5, TimeUnit.MINUTES)) {
                accepted += result.get()[0];
                duplicates += result.get()[1];
            }
            int read = 0;
            boolean ordered = true;
            for (String series : List.of("race-a", "race-b", "race-c")) {
                List<Reading> readings = readAll(store.useCases(), series, context.now());
                read += readings.size();
                ordered &= strictlyIncreasing(readings);
            }
            String what = WRITERS + " writers x " + READINGS + " readings in shuffled batches of " + BATCH + " (seed " + seed + ")";
            return Outcome.when(accepted == READINGS && duplicates == (long) READINGS * (WRITERS - 1) && read == READINGS && ordered,
                    what + ": accepted " + accepted + ", duplicates " + duplicates + ", read back " + read
                            + (context.embedded() ? "; the embedded test server serializes writes, so no race happened" : ""),
                    what + ": accepted " + accepted + " (expected " + READINGS + "), duplicates " + duplicates + " (expected "
                            + (long) READINGS * (WRITERS - 1) + "), read back " + read + ", in time order: " + ordered);
        } finally {
            pool.shutdownNow();
        }
    }
}
