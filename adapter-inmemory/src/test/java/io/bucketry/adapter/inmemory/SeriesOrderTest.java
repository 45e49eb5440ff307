package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** Queries over every series answer in id order through the ranks of {@link SeriesOrder}, whatever came since they were taken. */
class SeriesOrderTest {

    private static final Instant BASE = Instant.parse("2026-07-21T00:00:00Z");
    private static final TimeRange ALL = TimeRange.of(BASE, BASE.plus(Duration.ofHours(1)));
    private static final Duration WINDOW = Duration.ofMinutes(10);

    private static Reading reading(String series, long offsetMillis) {
        return Reading.of(series, BASE.plusMillis(offsetMillis), Map.of("v", (double) offsetMillis));
    }

    /** Stores one reading of each of {@code ids}, in a shuffled order, at {@code offset}. */
    private static void store(InMemoryReadingStore store, List<String> ids, long offset, Random random) {
        List<Reading> batch = new ArrayList<>();
        for (String id : ids) {
            batch.add(reading(id, offset));
        }
        Collections.shuffle(batch, random);
        store.store(batch);
    }

    private static List<String> seriesOf(List<WindowAggregate> windows) {
        return windows.stream().map(window -> window.series().value()).distinct().toList();
    }

    private static List<String> firstSeriesOfGroups(List<GroupWindows> groups) {
        return groups.stream().map(group -> group.windows().get(0).series().value()).toList();
    }

    @Test
    void lastpointsOfSeriesThatTurnUpAfterTheRanksAreInIdOrder() {
        // given 300 series whose lastpoints were read, so that their ranks are taken
        Random random = new Random(13);
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        TreeSet<String> ids = new TreeSet<>();
        for (int i = 0; i < 300; i++) {
            ids.add("u-" + (i * 3));
        }
        store(store, List.copyOf(ids), 0, random);
        assertThat(lastpointIds(store)).containsExactlyElementsOf(ids);

        // when series turn up between them
        List<String> between = List.of("u-1", "u-400", "u-8999", "u-0a");
        store(store, between, 1, random);
        ids.addAll(between);

        // then the lastpoints are in id order, the next time too
        assertThat(lastpointIds(store)).containsExactlyElementsOf(ids);
        assertThat(lastpointIds(store)).containsExactlyElementsOf(ids);
    }

    private static List<String> lastpointIds(InMemoryReadingStore store) {
        return store.lastpoints(new SeriesSelection(""), null, 1_000, BASE).stream()
                .map(reading -> reading.series().value()).toList();
    }

    @Test
    void newDeletedAndRewrittenSeriesKeepEveryAnswerInIdOrder() {
        // given 200 series, queried once so that their ranks are taken
        Random random = new Random(7);
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        TreeSet<String> ids = new TreeSet<>();
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            first.add("s-" + (i * 5));
        }
        store(store, first, 0, random);
        ids.addAll(first);
        assertThat(seriesOf(store.aggregateAll(ALL, WINDOW, Integer.MAX_VALUE))).containsExactlyElementsOf(ids);

        // when series turn up between the ranked ones, one is deleted, and another deleted and written again
        List<String> between = List.of("s-1", "s-101", "s-99", "s-9950");
        store(store, between, 1, random);
        ids.addAll(between);
        store.deleteSeries(SeriesId.of("s-50"));
        ids.remove("s-50");
        store.deleteSeries(SeriesId.of("s-500"));
        store(store, List.of("s-500"), 2, random);

        // then the queries over every series answer them in id order, and again once ranked anew
        for (int round = 0; round < 2; round++) {
            assertThat(lastpointIds(store)).containsExactlyElementsOf(ids);
            assertThat(seriesOf(store.aggregateAll(ALL, WINDOW, Integer.MAX_VALUE))).containsExactlyElementsOf(ids);
            List<GroupWindows> groups = store.aggregateGroups(TagFilter.ANY, GroupBy.of("building"), ALL, WINDOW,
                    Integer.MAX_VALUE);
            // without tags every series is in the one group of no building: its first series is the smallest id
            assertThat(firstSeriesOfGroups(groups)).containsExactly(ids.first());
            assertThat(groups.get(0).series()).isEqualTo(ids.size());
        }
    }

    @Test
    void aQueryThatFindsFewOfTheRankedSeriesStillAnswersThemInIdOrder() {
        // given 400 ranked series, then 5 of them written later in the hour, in an order unlike their ids'
        Random random = new Random(11);
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            all.add("t-" + Integer.toString(i, 36));
        }
        store(store, all, 0, random);
        store.aggregateAll(ALL, WINDOW, Integer.MAX_VALUE);
        List<String> late = List.of("t-z", "t-1", "t-a0", "t-5", "t-b");
        store(store, late, Duration.ofMinutes(50).toMillis(), random);

        // when only the last 10 minutes are asked for
        TimeRange lastTen = TimeRange.of(BASE.plus(Duration.ofMinutes(50)), BASE.plus(Duration.ofHours(1)));
        List<WindowAggregate> windows = store.aggregateAll(lastTen, WINDOW, Integer.MAX_VALUE);

        // then
        assertThat(seriesOf(windows)).containsExactlyElementsOf(new TreeSet<>(late));
    }
}
