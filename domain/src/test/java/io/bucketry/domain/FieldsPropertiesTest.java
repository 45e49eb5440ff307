package io.bucketry.domain;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

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

    @Test
    void everyMapConvertsToEqualFieldsOrIsRefusedWhateverWasConvertedBefore() {
        Property.forAll(300, draws -> everyMapConverts(draws.draw("maps", mapSequences())));
    }

    private static void everyMapConverts(List<Map<String, Object>> maps) {
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

    private static Gen<List<Map<String, Object>>> mapSequences() {
        Gen<List<String>> keys = Gen.frequency(
                Gen.weighted(6, Gen.subsetOf(KEYS.subList(0, 4), 1)),
                Gen.weighted(3, Gen.shuffled(KEYS.subList(0, 4)).map(list -> list.subList(0, 2))),
                Gen.weighted(1, Gen.subsetOf(KEYS, 1)),
                Gen.weighted(1, Gen.constant(List.of(new String("temperature"), "status"))));
        return ReadingGenerators.mapsOf(keys).list(1, 20);
    }
}
