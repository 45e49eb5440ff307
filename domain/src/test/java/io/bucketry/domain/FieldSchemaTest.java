package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.bucketry.domain.TestReadings.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

class FieldSchemaTest {

    @ParameterizedTest(name = "''{0}'' is a valid field name")
    @ValueSource(strings = {"a", "Z", "temperature", "T", "tt", "t1", "t_", "a_b_c", "x9_Y", "A0", "az", "aZ", "za", "a0", "a9"})
    void namesMatchingThePatternAreValid(String name) {
        assertThat(FieldSchema.nameProblem(name)).isNull();
        FieldSchema.requireValidName(name);
    }

    @Test
    void aNameOf64CharactersIsValidAndOf65IsRejectedWithItsLength() {
        // given
        String longest = "a" + repeat('b', 63);
        String tooLong = "a" + repeat('b', 64);

        // when / then
        assertThat(FieldSchema.nameProblem(longest)).isNull();
        assertInvalidName(tooLong, "is 65 characters long; at most 64 are allowed");
    }

    @Test
    void theTimeKeyTIsReserved() {
        assertInvalidName("t", "field name 't' is reserved for the reading time");
    }

    @ParameterizedTest(name = "''{0}'' does not start with a letter")
    @ValueSource(strings = {"1a", "_a", "9", "_", "-x", "ä"})
    void aNameThatDoesNotStartWithALetterIsRejected(String name) {
        assertInvalidName(name, "field name '" + name + "' must start with a letter");
    }

    @ParameterizedTest(name = "''{0}'' contains a forbidden character")
    @ValueSource(strings = {"a-b", "a.b", "a b", "a$", "aé", "a:b"})
    void aNameWithACharacterOutsideTheAllowedSetIsRejectedNamingTheCharacter(String name) {
        // given
        String offending = name.substring(1, 2);

        // when / then
        assertInvalidName(name, "field name '" + name + "' contains '" + offending + "'; allowed are A-Z a-z 0-9 _");
    }

    @Test
    void aMissingOrEmptyNameIsRejected() {
        assertInvalidName(null, "field name is missing");
        assertInvalidName("", "field name is empty");
    }

    @Test
    void aSchemaKeepsItsNamesInOrder() {
        // when
        FieldSchema schema = FieldSchema.of("temperature", "pressure", "status");

        // then
        assertThat(schema.size()).isEqualTo(3);
        assertThat(schema.names()).containsExactly("temperature", "pressure", "status");
        assertThat(schema.name(1)).isEqualTo("pressure");
        assertThat(schema.indexOf("status")).isEqualTo(2);
        assertThat(schema.indexOf(new String("status"))).isEqualTo(2);
        assertThat(schema.indexOf("humidity")).isEqualTo(-1);
        assertThat(schema.indexOf(null)).isEqualTo(-1);
    }

    @Test
    void aNameAppearingTwiceInASchemaIsRefused() {
        assertThatThrownBy(() -> FieldSchema.of(List.of("a", "b", "a")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("field name 'a' appears twice");
    }

    @Test
    void anInvalidNameInASchemaIsRefusedWithItsReason() {
        assertThatThrownBy(() -> FieldSchema.of("a", "t"))
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_FIELD_NAME);
    }

    @Test
    void growingASchemaReturnsANewSchemaAndRefusesAKnownName() {
        // given
        FieldSchema schema = FieldSchema.of("a");

        // when
        FieldSchema grown = schema.with("b");

        // then
        assertThat(grown.names()).containsExactly("a", "b");
        assertThat(schema.names()).containsExactly("a");
        assertThatThrownBy(() -> grown.with("a")).hasMessage("field name 'a' is already in the schema");
        assertThatThrownBy(() -> grown.with("t")).isInstanceOf(InvalidReadingException.class);
    }

    @Test
    void schemasAreEqualWhenTheirNamesAreEqualInOrder() {
        assertThat(FieldSchema.of("a", "b")).isEqualTo(FieldSchema.of("a", "b"))
                .hasSameHashCodeAs(FieldSchema.of("a", "b"))
                .isNotEqualTo(FieldSchema.of("b", "a"));
        assertThat(FieldSchema.EMPTY.size()).isZero();
    }

    private static void assertInvalidName(String name, String expectedMessagePart) {
        assertThat(FieldSchema.nameProblem(name)).contains(expectedMessagePart);
        assertThatThrownBy(() -> FieldSchema.requireValidName(name))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining(expectedMessagePart)
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_FIELD_NAME);
    }
}
