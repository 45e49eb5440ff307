package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: concurrent writers lose nothing and store nothing twice. */
public interface ConcurrencyContract extends ContractSupport {

    int THREADS = 8;

    @Test
    default void eightThreadsIngestingOverlappingBatchesStoreEveryReadingExactlyOnce() throws Exception {
        // given: 1600 distinct readings of 4 series; every thread submits all of them, in its own order,
        // in batches of 40, so that each reading is raced by 8 writers into small (overflowing) buckets
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 7)));
        String prefix = Fixtures.freshPrefix("cc");
        List<SeriesId> series = List.of(new SeriesId(prefix + "a"), new SeriesId(prefix + "a1"),
                new SeriesId(prefix + "b"), new SeriesId(prefix + "b.c"));
        List<Reading> distinct = new RandomReadings(8).distinct(series, 1600);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<int[]>> results = new ArrayList<>();

        // when
        try {
            for (int t = 0; t < THREADS; t++) {
                List<Reading> mine = new ArrayList<>(distinct);
                Collections.shuffle(mine, new Random(t));
                results.add(pool.submit(() -> {
                    start.await();
                    int[] counts = new int[2];
                    for (int from = 0; from < mine.size(); from += 40) {
                        IngestReport report = ingest(use, mine.subList(from, Math.min(mine.size(), from + 40)));
                        counts[0] += report.accepted();
                        counts[1] += report.duplicates();
                    }
                    return counts;
                }));
            }
            start.countDown();
            int accepted = 0;
            int duplicates = 0;
            for (Future<int[]> result : results) {
                int[] counts = result.get(2, TimeUnit.MINUTES);
                accepted += counts[0];
                duplicates += counts[1];
            }

            // then
            assertThat(accepted).as("accepted in total").isEqualTo(distinct.size());
            assertThat(duplicates).as("duplicates in total").isEqualTo((THREADS - 1) * distinct.size());
        } finally {
            pool.shutdownNow();
        }
        List<Reading> expected = BruteForce.firstWins(distinct);
        for (SeriesId id : series) {
            assertThat(readAll(use, id)).as("readings of %s", id)
                    .containsExactlyElementsOf(BruteForce.range(expected, id, Fixtures.BASE, Fixtures.NOW));
        }
        assertThat(use.describe().describe().readings()).isEqualTo(distinct.size());
    }
}
