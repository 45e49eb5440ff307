package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldAggregatesTest {

    private static final SeriesId SERIES = SeriesId.of("s");
    private static final Instant START = Instant.parse("2030-07-21T00:00:00Z");
    private static final FieldAggregate A = new FieldAggregate(1, 1, 1, 1, 1, 1);
    private static final FieldAggregate B = new FieldAggregate(2, 2, 3, 5, 2, 3);

    private static Map<String, FieldAggregate> fieldsOf(Map<String, FieldAggregate> given) {
        return new WindowAggregate(SERIES, START, START.plusSeconds(60), 1, given).fields();
    }

    @Test
    void aWindowsFieldsAreItsGivenOnesInNameOrderEqualToAnyMapOfThem() {
        // given
        Map<String, FieldAggregate> given = new HashMap<>(Map.of("zeta", B, "alpha", A));

        // when
        Map<String, FieldAggregate> fields = fieldsOf(given);

        // then
        assertThat(new ArrayList<>(fields.keySet())).containsExactly("alpha", "zeta");
        assertThat(new ArrayList<>(fields.values())).containsExactly(A, B);
        assertThat(fields).isEqualTo(given).isEqualTo(new TreeMap<>(given));
        assertThat(fields.hashCode()).isEqualTo(given.hashCode());
        assertThat(fields).hasToString(new TreeMap<>(given).toString());
        assertThat(fields.size()).isEqualTo(2);
        assertThat(fields.entrySet()).hasSize(2);
    }

    @Test
    void lookupsAnswerTheFieldsAggregateOrNothing() {
        // given
        Map<String, FieldAggregate> fields = fieldsOf(Map.of("b", B, "a", A));

        // then
        assertThat(fields.get("a")).isSameAs(A);
        assertThat(fields.get("b")).isSameAs(B);
        assertThat(fields.get("c")).isNull();
        assertThat(fields.get("0")).isNull();
        assertThat(fields.get(42)).isNull();
        assertThat(fields.containsKey("b")).isTrue();
        assertThat(fields.containsKey("c")).isFalse();
        assertThat(fields.containsKey(null)).isFalse();
    }

    @Test
    void forEachVisitsTheFieldsInNameOrder() {
        // given
        Map<String, FieldAggregate> fields = fieldsOf(Map.of("b", B, "a", A));
        List<String> seen = new ArrayList<>();

        // when
        fields.forEach((name, aggregate) -> seen.add(name + "=" + aggregate.count()));

        // then
        assertThat(seen).containsExactly("a=1", "b=2");
    }

    @Test
    void theFieldsCannotBeChangedAndTheirIteratorEnds() {
        // given
        Map<String, FieldAggregate> fields = fieldsOf(Map.of("a", A));
        Iterator<Map.Entry<String, FieldAggregate>> entries = fields.entrySet().iterator();

        // when
        Map.Entry<String, FieldAggregate> only = entries.next();

        // then
        assertThat(only.getKey()).isEqualTo("a");
        assertThat(entries.hasNext()).isFalse();
        assertThatThrownBy(entries::next).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(() -> fields.put("b", B)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> fields.remove("a")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> only.setValue(B)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aWindowWithoutNumericFieldsHasEmptyFieldsAndTheGivenMapIsCopied() {
        // given
        Map<String, FieldAggregate> given = new HashMap<>(Map.of("a", A));
        Map<String, FieldAggregate> fields = fieldsOf(given);

        // when
        given.put("b", B);

        // then
        assertThat(fields).containsOnlyKeys("a");
        assertThat(fieldsOf(Map.of())).isEmpty();
        assertThat(fieldsOf(fields)).isSameAs(fields);
    }

    @Test
    void aFieldWithoutAnAggregateIsRefusedByName() {
        // given
        Map<String, FieldAggregate> given = new HashMap<>();
        given.put("temperature", null);

        // then
        assertThatThrownBy(() -> fieldsOf(given)).isInstanceOf(NullPointerException.class)
                .hasMessage("field 'temperature' has no aggregate");
    }
}
