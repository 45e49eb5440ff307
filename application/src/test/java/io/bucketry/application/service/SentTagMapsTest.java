package io.bucketry.application.service;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class SentTagMapsTest {

    private static final SeriesMeta META = new SeriesMeta(null, Tags.of("building", "b7"));

    @Test
    void keepsTheJdksUnchangeableMapsOfTextsByIdentity() {
        // given
        SentTagMaps sent = new SentTagMaps();
        Map<String, String> one = Map.of("building", "b7");
        Map<String, String> two = Map.of("building", "b7", "type", "co2");
        Map<String, String> copied = Map.copyOf(new HashMap<>(Map.of("a", "1", "b", "2", "c", "3")));
        Map<String, String> none = Map.of();

        // when
        for (Map<String, String> tags : List.of(one, two, copied, none)) {
            sent.put("cpu", tags, META);
        }

        // then the very objects are found, under the measurement they were kept with only
        for (Map<String, String> tags : List.of(one, two, copied, none)) {
            assertThat(sent.get("cpu", tags)).isSameAs(META);
            assertThat(sent.get(null, tags)).isNull();
            assertThat(sent.get("mem", tags)).isNull();
        }
        assertThat(sent.get("cpu", Map.of("building", "b7"))).as("an equal map is another object").isNull();
    }

    @Test
    void neverKeepsAMapItsCallerCouldChange() {
        SentTagMaps sent = new SentTagMaps();
        List<Map<String, ?>> changeable = List.of(
                new HashMap<>(Map.of("building", "b7")),
                new TreeMap<>(Map.of("building", "b7")),
                Collections.unmodifiableMap(new HashMap<>(Map.of("building", "b7"))),
                Map.of("building", new StringBuilder("b7")),
                Map.of("building", "b7", "floor", new StringBuilder("2")));

        for (Map<String, ?> tags : changeable) {
            sent.put(null, tags, META);
        }

        for (Map<String, ?> tags : changeable) {
            assertThat(sent.get(null, tags)).as(tags.getClass().getName()).isNull();
        }
    }

    @Test
    void holdsItsBoundAndStartsAgainPastIt() {
        // given as many maps as it holds, one of them kept twice
        SentTagMaps sent = new SentTagMaps();
        List<Map<String, String>> maps = new ArrayList<>();
        for (int i = 0; i < SentTagMaps.MAX_HELD; i++) {
            maps.add(Map.of("k", Integer.toString(i)));
            sent.put(null, maps.get(i), META);
        }
        sent.put(null, maps.get(0), META);
        assertThat(maps.stream().filter(tags -> sent.get(null, tags) != META)).as("all are kept, the one kept twice once")
                .isEmpty();

        // when
        Map<String, String> past = Map.of("k", "past");
        sent.put(null, past, META);

        // then
        assertThat(sent.get(null, past)).isSameAs(META);
        assertThat(maps.stream().filter(tags -> sent.get(null, tags) != null)).as("the maps before it").isEmpty();
    }

    @Test
    void clearForgetsEveryMap() {
        SentTagMaps sent = new SentTagMaps();
        Map<String, String> tags = Map.of("building", "b7");
        sent.put(null, tags, META);

        sent.clear();

        assertThat(sent.get(null, tags)).isNull();
        sent.put(null, tags, META);
        assertThat(sent.get(null, tags)).isSameAs(META);
    }

    @Test
    void mapsKeptFromManyThreadsAtOnceAreAllFound() throws Exception {
        // given 8 threads released together, each keeping its own 2,000 maps
        SentTagMaps sent = new SentTagMaps();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<Map<String, String>>>> kept = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                String thread = "t" + t;
                kept.add(threads.submit(() -> {
                    start.await();
                    List<Map<String, String>> maps = new ArrayList<>();
                    for (int i = 0; i < 2_000; i++) {
                        maps.add(Map.of("thread", thread, "i", Integer.toString(i)));
                        sent.put(thread, maps.get(i), META);
                    }
                    return maps;
                }));
            }

            // when
            start.countDown();

            // then
            for (int t = 0; t < 8; t++) {
                String thread = "t" + t;
                assertThat(kept.get(t).get()).allSatisfy(tags -> assertThat(sent.get(thread, tags)).isSameAs(META));
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
