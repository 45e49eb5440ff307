package io.bucketry.application.service;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TagsConverterTest {

    private final TagsConverter converter = new TagsConverter();

    @Test
    void equalTagsInAnotherMapGiveTheSameMetaObject() {
        SeriesMeta first = converter.convert("cpu", Map.of("host", "a"));

        assertThat(converter.convert("cpu", new HashMap<>(Map.of("host", "a")))).isSameAs(first);
        assertThat(converter.convert("mem", Map.of("host", "a"))).isEqualTo(new SeriesMeta("mem", Tags.of("host", "a")));
        assertThat(converter.convert(null, Map.of("host", "a")).measurement()).isNull();
    }

    @Test
    void theCacheHoldsItsBoundAndStartsAgainPastIt() {
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
