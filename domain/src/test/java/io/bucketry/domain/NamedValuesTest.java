package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Map contract of the maps held by index (a reading's fields, a window's aggregates), as java.util's own maps keep it. */
class NamedValuesTest {

    private final Fields fields = Fields.of(TestReadings.map("temperature", 21.5, "status", "OK"));

    @Test
    void itsViewsListTheNamesValuesAndEntriesInItsOrder() {
        // given
        Map<String, FieldValue> same = new LinkedHashMap<>();
        same.put("temperature", FieldValue.of(21.5));
        same.put("status", FieldValue.of("OK"));

        // then
        assertThat(fields.keySet()).containsExactly("temperature", "status").contains("status").doesNotContain("pressure");
        assertThat(fields.keySet()).hasSize(2).isEqualTo(same.keySet());
        assertThat(fields.keySet().contains("temperature")).isTrue();
        assertThat(fields.keySet().contains("pressure")).isFalse();
        assertThat(fields.values()).containsExactly(FieldValue.of(21.5), FieldValue.of("OK")).hasSize(2);
        assertThat(fields.entrySet()).isEqualTo(same.entrySet()).hasSize(2);
        assertThat(fields.isEmpty()).isFalse();
        assertThat(fields.containsValue(FieldValue.of("OK"))).isTrue();
        assertThat(fields.containsValue(FieldValue.of(21.5))).isTrue();
        assertThat(fields.containsValue(FieldValue.of(22.5))).isFalse();
        assertThat(fields.containsValue("OK")).isFalse();
        assertThat(fields.get("pressure")).isNull();
        assertThat(fields.get(42)).isNull();
        assertThat(fields.get(null)).isNull();
        assertThat(fields.containsKey(null)).isFalse();
        assertThat(fields.containsValue(null)).isFalse();
        assertThat(fields.containsKey("temperature")).isTrue();
        assertThat(fields.containsKey("pressure")).isFalse();
    }

    @Test
    void itPrintsAndHashesAsAnyMapOfTheSameEntries() {
        // given
        Map<String, FieldValue> same = new LinkedHashMap<>();
        same.put("temperature", FieldValue.of(21.5));
        same.put("status", FieldValue.of("OK"));

        // then
        assertThat(fields).hasToString(same.toString());
        assertThat(fields.hashCode()).isEqualTo(same.hashCode()).isNotZero();
        assertThat(fields).isEqualTo(same).isEqualTo(fields);
        assertThat(same).isEqualTo(fields);
    }

    @Test
    void itDiffersFromMapsOfOtherSizesNamesValuesOrKeyTypes() {
        // given
        Map<String, FieldValue> otherValue = new HashMap<>(Map.of("temperature", FieldValue.of(21.5), "status", FieldValue.of("WARN")));
        Map<String, FieldValue> otherName = new HashMap<>(Map.of("temperature", FieldValue.of(21.5), "state", FieldValue.of("OK")));
        Map<String, FieldValue> fewer = Map.of("temperature", FieldValue.of(21.5));
        Map<Integer, FieldValue> integerKeys = new TreeMap<>(Map.of(1, FieldValue.of(21.5), 2, FieldValue.of("OK")));

        // then: a TreeMap of Integer keys cannot be asked for a String: unequal, not an exception
        assertThat(fields).isNotEqualTo(otherValue).isNotEqualTo(otherName).isNotEqualTo(fewer);
        assertThat(fields.equals(integerKeys)).isFalse();
        assertThat(fields.equals("{temperature=21.5, status=OK}")).isFalse();
    }

    @Test
    void itCannotBeChangedAndItsIteratorsEnd() {
        assertThatThrownBy(() -> fields.putAll(Map.of("a", FieldValue.of(1)))).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("this map is immutable");
        Iterator<String> names = fields.keySet().iterator();
        names.next();
        names.next();
        assertThat(names.hasNext()).isFalse();
        assertThatThrownBy(names::next).isInstanceOf(NoSuchElementException.class);
        Iterator<FieldValue> values = fields.values().iterator();
        assertThatThrownBy(values::remove).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aWindowsAggregatesKeepTheSameContract() {
        // given
        FieldAggregate one = new FieldAggregate(1, 1, 1, 1, 1, 1);
        FieldAggregates aggregates = FieldAggregates.of(Map.of("b", one, "a", one));
        Map<String, FieldAggregate> same = new TreeMap<>(Map.of("a", one, "b", one));

        // then
        assertThat(aggregates).isEqualTo(same).hasToString(same.toString());
        assertThat(aggregates.hashCode()).isEqualTo(same.hashCode());
        assertThat(aggregates.keySet()).containsExactly("a", "b");
        assertThat(aggregates.get("c")).isNull();
        assertThat(aggregates.get(1)).isNull();
        assertThat(aggregates.containsKey("b")).isTrue();
        assertThat(aggregates.containsValue(one)).isTrue();
    }
}
