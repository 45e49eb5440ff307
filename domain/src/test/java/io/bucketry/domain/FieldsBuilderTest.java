package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldsBuilderTest {

    private static final FieldSchema COLUMNS = FieldSchema.of("temperature", "status", "pressure");

    @Test
    void fieldsBuiltFromEveryColumnKeepTheColumnsAsTheirNames() {
        // when
        Fields fields = Fields.builder(COLUMNS).number(0, 21.5).text(1, "OK").number(2, 1013.25).build();

        // then
        assertThat(fields.schema()).isSameAs(COLUMNS);
        assertThat(fields).isEqualTo(Fields.of(TestReadings.map("temperature", 21.5, "status", "OK", "pressure", 1013.25)));
        assertThat(fields.isText(1)).isTrue();
        assertThat(fields.textAt(1)).isEqualTo("OK");
        assertThat(fields.numberAt(1)).isNaN();
        assertThat(fields.textAt(0)).isNull();
    }

    @Test
    void columnsLeftOutAreNotFieldsOfTheReading() {
        // when
        Fields fields = Fields.builder(COLUMNS).number(2, -0.0).build();

        // then
        assertThat(fields.size()).isEqualTo(1);
        assertThat(fields.schema().names()).containsExactly("pressure");
        assertThat(fields.containsKey("temperature")).isFalse();
        assertThat(Double.doubleToRawLongBits(fields.numberAt(0))).isEqualTo(Double.doubleToRawLongBits(-0.0));
    }

    @Test
    void aBuilderRefusesWhatAReadingMayNotHold() {
        assertThatThrownBy(() -> Fields.builder(COLUMNS).build()).isInstanceOf(InvalidReadingException.class)
                .hasMessage("a reading needs at least one field");
        assertThatThrownBy(() -> Fields.builder(COLUMNS).number(0, Double.NaN))
                .hasMessageContaining("field 'temperature' is NaN, which is not a finite number");
        assertThatThrownBy(() -> Fields.builder(COLUMNS).text(1, "x".repeat(257)))
                .hasMessageContaining("257 characters");
        assertThatThrownBy(() -> Fields.builder(COLUMNS).number(0, 1).text(0, "twice"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'temperature' is set twice");
    }

    @Test
    void aConverterGivesWhatFieldsOfGivesWhateverItConvertedBefore() {
        // given: one converter fed a stream whose names change, then come back
        FieldsConverter converter = new FieldsConverter();
        String a = "temperature";
        String b = "status";

        // when / then: each result equals the memoryless conversion, names included
        for (java.util.Map<String, Object> map : java.util.List.of(TestReadings.map(a, 1.0, b, "OK"),
                TestReadings.map(a, 2.0, b, "WARN"), TestReadings.map(b, "OK", a, 3.0), TestReadings.map(a, 4.0),
                TestReadings.map(a, 5.0, b, "OK"))) {
            Fields converted = converter.convert(map);
            assertThat(converted).isEqualTo(Fields.of(map));
            assertThat(converted.schema().names()).containsExactlyElementsOf(map.keySet());
        }
    }

    @Test
    void aConverterReusesTheNamesWhileTheSameKeysRepeat() {
        // given
        FieldsConverter converter = new FieldsConverter();
        Fields first = converter.convert(TestReadings.map("temperature", 1.0, "status", "OK"));

        // when
        Fields second = converter.convert(TestReadings.map("temperature", 2.0, "status", "OK"));

        // then: the literal keys are the same objects, so the checked names are shared
        assertThat(second.schema()).isSameAs(first.schema());
    }

    @Test
    void aConverterChecksNamesThatChangeEvenAfterAValidStream() {
        // given
        FieldsConverter converter = new FieldsConverter();
        converter.convert(TestReadings.map("temperature", 1.0));

        // when / then
        assertThatThrownBy(() -> converter.convert(TestReadings.map("t", 1.0)))
                .isInstanceOf(InvalidReadingException.class).hasMessageContaining("reserved");
    }
    @Test
    void aTextAndANumberAroundAColumnLeftOutKeepTheirKindsAndPlaces() {
        // when
        Fields fields = Fields.builder(COLUMNS).text(0, "hot").number(2, 5.5).build();

        // then
        assertThat(fields.schema().names()).containsExactly("temperature", "pressure");
        assertThat(fields.isText(0)).isTrue();
        assertThat(fields.textAt(0)).isEqualTo("hot");
        assertThat(fields.isText(1)).isFalse();
        assertThat(fields.numberAt(1)).isEqualTo(5.5);
        assertThat(fields.textAt(1)).isNull();
        assertThat(fields.containsKey("temperature")).as("the first field").isTrue();
    }

    @Test
    void columnsPastTheSixtyFourthAreTrackedAsTheFirstOnesAre() {
        String[] names = new String[70];
        for (int i = 0; i < names.length; i++) {
            names[i] = "f" + i;
        }
        Fields fields = Fields.builder(FieldSchema.of(names)).number(0, 0.5).number(3, 1.0).number(67, 2.0)
                .text(64, "OK").build();

        assertThat(fields).isEqualTo(Fields.of(Map.of("f0", 0.5, "f3", 1.0, "f64", "OK", "f67", 2.0)));
        assertThat(Fields.builder(FieldSchema.of(names)).number(64, 1.0).number(0, 2.0).build())
                .isEqualTo(Fields.of(Map.of("f0", 2.0, "f64", 1.0)));
        assertThatThrownBy(() -> Fields.builder(FieldSchema.of(names)).number(67, 1.0).number(67, 2.0))
                .hasMessage("field 'f67' is set twice");
    }

    @Test
    void aTextOverANumberOfTheSameColumnIsRefused() {
        Fields.Builder builder = Fields.builder(FieldSchema.of("a", "b")).number(1, 2.5);

        assertThatThrownBy(() -> builder.text(1, "OK")).isInstanceOf(IllegalStateException.class)
                .hasMessage("field 'b' is set twice");
    }

    @Test
    void aColumnOutsideTheSchemaIsRefused() {
        Fields.Builder builder = Fields.builder(FieldSchema.of("a", "b"));

        assertThatThrownBy(() -> builder.number(2, 1.0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> builder.text(-1, "OK")).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aNumberSetTwiceIsRefused() {
        assertThatThrownBy(() -> Fields.builder(COLUMNS).number(2, 1).number(2, 2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'pressure' is set twice");
    }

    @Test
    void aConverterTakesFieldsAsTheyAreAndTextsOfAnyCharSequence() {
        FieldsConverter converter = new FieldsConverter();
        Fields fields = Fields.of(TestReadings.map("a", 1.0));

        assertThat(converter.convert(fields)).isSameAs(fields);
        Fields converted = converter.convert(TestReadings.map("note", new StringBuilder("built"), "n", 2L));
        assertThat(converted.textAt(0)).isEqualTo("built");
        assertThat(converted.numberAt(1)).isEqualTo(2.0);
        assertThat(converted.numberAt(0)).isNaN();
    }

    @Test
    void aReadingAtEpochMillisecondsIsTheReadingAtThatInstant() {
        Fields fields = Fields.of(TestReadings.map("a", 1.0));

        assertThat(Reading.at(SeriesId.of("s"), 1_500, fields))
                .isEqualTo(new Reading(SeriesId.of("s"), java.time.Instant.ofEpochMilli(1_500), fields));
    }
}
