package io.bucketry.application.service;

import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TagsConverterTest {

    @Test
    void equalTagsSentAsAnyKindOfMapAnswerOneMetaObject() {
        // given
        TagsConverter converter = new TagsConverter();
        SeriesMeta first = converter.convert(null, Map.of("building", "b7", "type", "co2"));

        // when
        SeriesMeta fromHashMap = converter.convert(null, new HashMap<>(Map.of("type", "co2", "building", "b7")));
        SeriesMeta fromTreeMap = converter.convert(null, new TreeMap<>(Map.of("building", "b7", "type", "co2")));

        // then
        assertThat(first).isEqualTo(new SeriesMeta(null, Tags.of(Map.of("building", "b7", "type", "co2"))));
        assertThat(fromHashMap).isSameAs(first);
        assertThat(fromTreeMap).isSameAs(first);
    }

    @Test
    void theMeasurementAndEveryPairTellMetasApart() {
        TagsConverter converter = new TagsConverter();
        SeriesMeta plain = converter.convert(null, Map.of("building", "b7"));

        assertThat(converter.convert("cpu", Map.of("building", "b7"))).isNotEqualTo(plain)
                .isEqualTo(new SeriesMeta("cpu", Tags.of("building", "b7")));
        assertThat(converter.convert(null, Map.of("building", "b8"))).isNotEqualTo(plain);
        assertThat(converter.convert(null, Map.of("building", "b7", "floor", "2"))).isNotEqualTo(plain);
        assertThat(converter.convert(null, Map.of("floor", "b7"))).isNotEqualTo(plain);
        assertThat(converter.convert(null, Map.of())).isEqualTo(SeriesMeta.NONE);
        assertThat(converter.convert(null, Map.of("building", "b7"))).isSameAs(plain);
    }

    @Test
    void aValueThatIsNoTextIsRefusedEveryTimeEvenAfterTheSamePairsAsText() {
        TagsConverter converter = new TagsConverter();
        converter.convert(null, Map.of("building", "7"));

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> converter.convert(null, Map.of("building", 7)))
                    .isInstanceOfSatisfying(InvalidReadingException.class,
                            e -> assertThat(e.reason()).isEqualTo(RejectionReason.INVALID_TAG))
                    .hasMessageContaining("building");
        }
    }

    @Test
    void partsConvertingTheSameNewTagsAtOnceAllAnswerTheFirstObjectPut() throws Exception {
        // given 8 threads released together, each with its own map of the same new pairs
        TagsConverter converter = new TagsConverter();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 50; round++) {
                String building = "b" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<SeriesMeta>> metas = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    metas.add(threads.submit(() -> {
                        start.await();
                        return converter.convert(null, new HashMap<>(Map.of("building", building)));
                    }));
                }

                // when
                start.countDown();

                // then every part holds the one object the store will compare by identity
                SeriesMeta first = metas.get(0).get();
                for (Future<SeriesMeta> meta : metas) {
                    assertThat(meta.get()).isSameAs(first);
                }
                assertThat(converter.convert(null, Map.of("building", building))).isSameAs(first);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theCacheHoldsItsBoundAndStartsAgainPastIt() {
        TagsConverter converter = new TagsConverter();
        SeriesMeta first = converter.convert(null, Map.of("k", "0"));
        for (int i = 1; i < 4096; i++) {
            converter.convert(null, Map.of("k", Integer.toString(i)));
        }
        assertThat(converter.convert(null, Map.of("k", "0"))).as("4,096 sets are all kept").isSameAs(first);

        converter.convert(null, Map.of("k", "4096"));

        SeriesMeta again = converter.convert(null, Map.of("k", "0"));
        assertThat(again).as("the 4,097th set started the cache again").isNotSameAs(first).isEqualTo(first);
    }
}
