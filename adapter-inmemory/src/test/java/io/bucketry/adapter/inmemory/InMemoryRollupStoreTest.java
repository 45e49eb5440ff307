package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierWindow;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

class InMemoryRollupStoreTest {

    @Test
    void aLargeBatchRecordedInPartsOnOtherThreadsRecordsEveryKeyOnce() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            InMemoryRollupStore store = new InMemoryRollupStore(pool, 4);
            List<RollupKey> keys = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                keys.add(new RollupKey(SeriesId.of("s-" + (i % 7_001)), 3_600_000L * (i % 3)));
            }
            store.recordPending(keys, 7, token -> true);

            List<PendingRollup> pending = store.pending(Integer.MAX_VALUE);
            Set<RollupKey> distinct = new HashSet<>(keys);
            assertThat(pending).hasSize(distinct.size()).allSatisfy(p -> assertThat(p.token()).isEqualTo(7));
            assertThat(pending).extracting(PendingRollup::key).containsExactlyInAnyOrderElementsOf(distinct);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void anEntryOfAFinishedBatchIsReplacedAndOneOfARunningBatchIsKept() {
        InMemoryRollupStore store = new InMemoryRollupStore();
        RollupKey key = new RollupKey(SeriesId.of("s"), 0);
        store.recordPending(List.of(key), 1, token -> false);
        store.recordPending(List.of(key), 2, token -> false);   // batch 1 has finished
        assertThat(store.pending(10)).containsExactly(new PendingRollup(key, 2));
        store.recordPending(List.of(key), 3, token -> token == 2);   // batch 2 still running
        assertThat(store.pending(10)).containsExactlyInAnyOrder(new PendingRollup(key, 2), new PendingRollup(key, 3));
        store.clearPending(List.of(new PendingRollup(key, 2)));
        assertThat(store.pending(10)).containsExactly(new PendingRollup(key, 3));
    }

    @Test
    void aReadOfEverySeriesAnswersInSeriesOrderAndFindsASeriesAddedAfterTheReadBefore() {
        InMemoryRollupStore store = new InMemoryRollupStore();
        Duration tier = Duration.ofMinutes(5);
        TimeRange all = new TimeRange(Instant.EPOCH, Instant.ofEpochMilli(3_600_000));
        store.replace(List.of(window("s-b", tier), window("s-c", tier)));
        assertThat(store.readAll(tier, all, 10)).extracting(w -> w.series().value()).containsExactly("s-b", "s-c");

        store.replace(List.of(window("s-a", tier)));

        assertThat(store.readAll(tier, all, 10)).extracting(w -> w.series().value()).containsExactly("s-a", "s-b", "s-c");
        assertThat(store.readAll(tier, all, 2)).as("at most the limit").hasSize(2);
    }

    private static RollupWindow window(String series, Duration tier) {
        SeriesId id = SeriesId.of(series);
        return new RollupWindow(id, tier, Instant.EPOCH, new TierWindow(id, Instant.EPOCH, Instant.EPOCH.plus(tier),
                List.of(new TierSlice(Tags.NONE, 1, Map.of()))));
    }
}
