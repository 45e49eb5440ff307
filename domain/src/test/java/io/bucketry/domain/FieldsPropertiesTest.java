package io.bucketry.domain;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Fields.of reuses the schema of the previous map while a stream repeats the same key objects;
 * whatever came before, every map must still be checked and converted exactly.
 */
class FieldsPropertiesTest {

    // the same String objects again and again, as a JSON reader or a generator hands them over
    private static final List<String> KEYS = List.of("temperature", "pressure", "status", "humidity", "t", "bad name");

    @Property(tries = 300)
    void everyMapConvertsToEqualFieldsOrIsRefusedWhateverWasConvertedBefore(
            @ForAll("mapSequences") List<Map<String, Object>> maps) {
        for (Map<String, Object> map : maps) {
            // given
            boolean valid = map.keySet().stream().allMatch(name -> FieldSchema.nameProblem(name) == null);

            if (valid) {
                // when
                Fields fields = Fields.of(map);

                // then
                Map<String, FieldValue> expected = new HashMap<>();
                map.forEach((name, value) -> expected.put(name, FieldValue.from(name, value)));
                assertThat(fields).isEqualTo(expected);
                assertThat(new ArrayList<>(fields.keySet())).isEqualTo(new ArrayList<>(map.keySet()));
                assertThat(fields.schema().names()).isEqualTo(new ArrayList<>(map.keySet()));
            } else {
                // when / then
                assertThatThrownBy(() -> Fields.of(map))
                        .isInstanceOf(InvalidReadingException.class)
                        .extracting(e -> ((InvalidReadingException) e).reason())
                        .isEqualTo(RejectionReason.INVALID_FIELD_NAME);
            }
        }
    }

    @Provide
    Arbitrary<List<Map<String, Object>>> mapSequences() {
        Arbitrary<List<String>> keys = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.subsetOf(KEYS.subList(0, 4)).ofMinSize(1)
                        .map(set -> KEYS.subList(0, 4).stream().filter(set::contains).toList())),
                net.jqwik.api.Tuple.of(3, Arbitraries.shuffle(KEYS.subList(0, 4)).map(list -> list.subList(0, 2))),
                net.jqwik.api.Tuple.of(1, Arbitraries.subsetOf(KEYS).ofMinSize(1).map(List::copyOf)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(List.of(new String("temperature"), "status"))));
        Arbitrary<Map<String, Object>> maps = keys.flatMap(names -> ReadingArbitraries.values().list()
                .ofSize(names.size()).map(values -> {
                    Map<String, Object> map = new LinkedHashMap<>();
                    for (int i = 0; i < names.size(); i++) {
                        map.put(names.get(i), values.get(i));
                    }
                    return map;
                }));
        return maps.list().ofMinSize(1).ofMaxSize(20);
    }
}
