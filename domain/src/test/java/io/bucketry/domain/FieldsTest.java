package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

import static io.bucketry.domain.TestReadings.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

class FieldsTest {

    @Test
    void fieldsOfALooseMapAreConvertedAndReadLikeAMap() {
        // given
        Map<String, Object> input = map("temperature", 22.4, "pressure", 1013, "status", "OK");

        // when
        Fields fields = Fields.of(input);

        // then
        assertThat(fields.size()).isEqualTo(3);
        assertThat(fields.get("temperature")).isEqualTo(FieldValue.of(22.4));
        assertThat(fields.get("pressure")).isEqualTo(FieldValue.of(1013.0));
        assertThat(fields.get("status")).isEqualTo(FieldValue.of("OK"));
        assertThat(fields.get("humidity")).isNull();
        assertThat(fields.get(42)).isNull();
        assertThat(fields.get(null)).isNull();
        assertThat(fields.containsKey("status")).isTrue();
        assertThat(fields.containsKey("humidity")).isFalse();
        assertThat(fields.number("temperature")).isEqualTo(22.4);
        assertThat(fields.number("status")).isNaN();
        assertThat(fields.number("humidity")).isNaN();
    }

    @Test
    void theEntrySetListsEveryFieldOnceInInputOrder() {
        // given
        Fields fields = Fields.of(map("b", 1, "a", "x", "c", 3));

        // when / then
        assertThat(fields.entrySet()).hasSize(3).containsExactly(
                new SimpleImmutableEntry<>("b", FieldValue.of(1.0)),
                new SimpleImmutableEntry<>("a", FieldValue.of("x")),
                new SimpleImmutableEntry<>("c", FieldValue.of(3.0)));
        assertThat(fields.keySet()).containsExactly("b", "a", "c");
        assertThat(fields.values()).hasSize(3);
    }

    @Test
    void fieldsEqualAnOrdinaryMapWithTheSameEntriesBothWays() {
        // given
        Fields fields = Fields.of(map("temperature", 22.4, "status", "OK"));
        Map<String, FieldValue> ordinary = new HashMap<>();
        ordinary.put("status", FieldValue.of("OK"));
        ordinary.put("temperature", FieldValue.of(22.4));

        // when / then
        assertThat(fields).isEqualTo(ordinary);
        assertThat(ordinary).isEqualTo(fields);
        assertThat(Map.copyOf(ordinary)).isEqualTo(fields);
        assertThat(fields.hashCode()).isEqualTo(ordinary.hashCode());
        assertThat(fields).isNotEqualTo(Map.of("temperature", FieldValue.of(22.4)));
        assertThat(fields).isNotEqualTo(Map.of("temperature", FieldValue.of(22.5), "status", FieldValue.of("OK")));
    }

    @Test
    void fieldsCannotBeModified() {
        // given
        Fields fields = Fields.of(map("a", 1, "b", 2));

        // when / then
        assertThatThrownBy(() -> fields.put("c", FieldValue.of(3))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> fields.remove("a")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(fields::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> fields.entrySet().iterator().next().setValue(FieldValue.of(9)))
                .isInstanceOf(UnsupportedOperationException.class);
        Iterator<Map.Entry<String, FieldValue>> iterator = fields.entrySet().iterator();
        iterator.next();
        assertThatThrownBy(iterator::remove).isInstanceOf(UnsupportedOperationException.class);
        assertThat(fields).hasSize(2);
    }

    @Test
    void changingTheInputMapAfterwardsDoesNotChangeTheFields() {
        // given
        Map<String, Object> input = map("a", 1);
        Fields fields = Fields.of(input);

        // when
        input.put("a", 2);
        input.put("b", 3);

        // then
        assertThat(fields).isEqualTo(Map.of("a", FieldValue.of(1)));
    }

    @Test
    void anExhaustedIteratorSaysSo() {
        // given
        Iterator<Map.Entry<String, FieldValue>> iterator = Fields.of(map("a", 1)).entrySet().iterator();
        iterator.next();

        // when / then
        assertThat(iterator.hasNext()).isFalse();
        assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void fieldsOfFieldsAreTheSameFields() {
        Fields fields = Fields.of(map("a", 1));
        assertThat(Fields.of(fields)).isSameAs(fields);
    }

    @Test
    void noFieldsAtAllIsRefused() {
        assertRefused(() -> Fields.of(Map.of()), RejectionReason.NO_FIELDS, "a reading needs at least one field");
        assertRefused(() -> Fields.of(null), RejectionReason.NO_FIELDS, "a reading needs at least one field");
    }

    @Test
    void sixtyFourFieldsAreAcceptedAndSixtyFiveRefused() {
        // given
        Map<String, Object> sixtyFour = numberedFields(64);
        Map<String, Object> sixtyFive = numberedFields(65);

        // when / then
        assertThat(Fields.of(sixtyFour)).hasSize(64);
        assertRefused(() -> Fields.of(sixtyFive), RejectionReason.TOO_MANY_FIELDS,
                "a reading has 65 fields; at most 64 are allowed");
    }

    @Test
    void anInvalidNameOrValueIsRefusedWithItsReason() {
        assertRefused(() -> Fields.of(map("t", 1)), RejectionReason.INVALID_FIELD_NAME, "reserved");
        assertRefused(() -> Fields.of(map("ok", 1, "not ok", 2)), RejectionReason.INVALID_FIELD_NAME, "'not ok'");
        Map<String, Object> nullName = new HashMap<>();
        nullName.put(null, 1);
        assertRefused(() -> Fields.of(nullName), RejectionReason.INVALID_FIELD_NAME, "field name is missing");
        assertRefused(() -> Fields.of(map("x", Double.NaN)), RejectionReason.INVALID_FIELD_VALUE, "field 'x'");
        assertRefused(() -> Fields.of(map("x", false)), RejectionReason.INVALID_FIELD_VALUE, "a boolean");
    }

    @Test
    void fieldsFromASortedMapKeepTheMapsOrder() {
        // given
        TreeMap<String, Object> sorted = new TreeMap<>(map("c", 1, "a", 2, "b", 3));

        // when / then
        assertThat(Fields.of(sorted).keySet()).containsExactly("a", "b", "c");
    }

    private static Map<String, Object> numberedFields(int count) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            fields.put("f" + i, i);
        }
        return fields;
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call,
                                      RejectionReason reason, String messagePart) {
        assertThatThrownBy(call)
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining(messagePart)
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(reason);
    }
}
