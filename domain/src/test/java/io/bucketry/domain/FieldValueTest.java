package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.BigInteger;

import static io.bucketry.domain.TestReadings.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

class FieldValueTest {

    @ParameterizedTest(name = "{0} is refused")
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void aNumberThatIsNotFiniteIsRefused(double value) {
        assertInvalidValue(() -> FieldValue.of(value), "is not a finite number");
        assertInvalidValue(() -> FieldValue.from("temperature", value),
                "field 'temperature' is " + value + ", which is not a finite number");
        assertInvalidValue(() -> FieldValue.from("temperature", (float) value), "which is not a finite number");
    }

    @Test
    void extremeFiniteNumbersAreAccepted() {
        assertThat(FieldValue.of(Double.MAX_VALUE).value()).isEqualTo(Double.MAX_VALUE);
        assertThat(FieldValue.of(-Double.MAX_VALUE).value()).isEqualTo(-Double.MAX_VALUE);
        assertThat(FieldValue.of(Double.MIN_VALUE).value()).isEqualTo(Double.MIN_VALUE);
        assertThat(FieldValue.of(-0.0).value()).isEqualTo(-0.0);
    }

    @Test
    void integralNumbersAreConvertedToTheirDoubleValue() {
        assertThat(FieldValue.from("f", 42)).isEqualTo(FieldValue.of(42.0));
        assertThat(FieldValue.from("f", 42L)).isEqualTo(FieldValue.of(42.0));
        assertThat(FieldValue.from("f", (short) -3)).isEqualTo(FieldValue.of(-3.0));
        assertThat(FieldValue.from("f", (byte) 7)).isEqualTo(FieldValue.of(7.0));
        assertThat(FieldValue.from("f", Long.MIN_VALUE)).isEqualTo(FieldValue.of((double) Long.MIN_VALUE));
        assertThat(FieldValue.from("f", BigInteger.TEN.pow(20))).isEqualTo(FieldValue.of(1e20));
    }

    @Test
    void decimalsAreConvertedToTheNearestDouble() {
        assertThat(FieldValue.from("f", new BigDecimal("22.4"))).isEqualTo(FieldValue.of(22.4));
        assertThat(FieldValue.from("f", 22.4f)).isEqualTo(FieldValue.of((double) 22.4f));
        assertThat(FieldValue.from("f", 1013.25)).isEqualTo(FieldValue.of(1013.25));
    }

    @Test
    void aDecimalTooLargeForADoubleIsRefusedAsNotFinite() {
        // given
        BigDecimal huge = new BigDecimal("1e400");

        // when / then
        assertInvalidValue(() -> FieldValue.from("f", huge), "field 'f' is 1E+400, which is not a finite number");
        assertInvalidValue(() -> FieldValue.from("f", BigInteger.TEN.pow(400)), "which is not a finite number");
    }

    @Test
    void anIntegerThatADoubleCannotHoldExactlyIsRefused() {
        // given: 2^53 + 1 and a 20-digit integer round to other doubles; 2^53 and 2^60 are exact
        long twoTo53 = 1L << 53;

        // when / then
        assertInvalidValue(() -> FieldValue.from("f", twoTo53 + 1), "field 'f' is 9007199254740993, an integer a double "
                + "cannot hold exactly (it would be stored as 9007199254740992; integers are exact up to 2^53");
        assertInvalidValue(() -> FieldValue.from("f", Long.MAX_VALUE), "an integer a double cannot hold exactly");
        assertInvalidValue(() -> FieldValue.from("f", new BigInteger("12345678901234567890")),
                "it would be stored as 12345678901234567168");
        assertThat(FieldValue.from("f", twoTo53)).isEqualTo(FieldValue.of(twoTo53));
        assertThat(FieldValue.from("f", -twoTo53)).isEqualTo(FieldValue.of(-twoTo53));
        assertThat(FieldValue.from("f", 1L << 60)).isEqualTo(FieldValue.of(Math.pow(2, 60)));
        assertThat(FieldValue.from("f", BigInteger.TWO.pow(70))).isEqualTo(FieldValue.of(Math.pow(2, 70)));
    }

    @Test
    void aNonZeroNumberThatWouldBecomeZeroIsRefused() {
        assertInvalidValue(() -> FieldValue.from("f", new BigDecimal("1e-400")),
                "field 'f' is 1E-400, which is too close to zero for a double: it would be stored as 0");
        assertInvalidValue(() -> FieldValue.from("f", new BigDecimal("-2.5e-330")), "too close to zero");
        assertThat(FieldValue.from("f", new BigDecimal("0E-400"))).isEqualTo(FieldValue.of(0.0));
        assertThat(FieldValue.from("f", new BigDecimal("4.9e-324"))).isEqualTo(FieldValue.of(Double.MIN_VALUE));
    }

    @Test
    void aNumberOfAThousandDigitsIsShownAbbreviated() {
        // given
        BigInteger huge = BigInteger.TEN.pow(999);

        // when / then
        assertThatThrownBy(() -> FieldValue.from("f", huge)).hasMessageStartingWith("field 'f' is 1000000")
                .hasMessageContaining("…, which is not a finite number")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(120));
    }

    @ParameterizedTest(name = "[{index}] a lone surrogate is refused")
    @ValueSource(strings = {"a\ud800b", "\udc00", "x\ud83d", "\ude00\ud83d"})
    void aTextWithALoneSurrogateIsRefused(String text) {
        assertInvalidValue(() -> FieldValue.from("note", text), "field 'note' has a lone surrogate \\u");
        assertInvalidValue(() -> FieldValue.from("note", text), "; a text must be valid Unicode");
    }

    @Test
    void aTextWithWholeSurrogatePairsIsAccepted() {
        assertThat(FieldValue.from("note", "smile 😀 and 😀")).isEqualTo(FieldValue.of("smile 😀 and 😀"));
    }

    @Test
    void textsAreCarriedAsText() {
        assertThat(FieldValue.from("status", "OK")).isEqualTo(FieldValue.of("OK"));
        assertThat(FieldValue.from("status", new StringBuilder("OK"))).isEqualTo(FieldValue.of("OK"));
        assertThat(FieldValue.from("status", "")).isEqualTo(FieldValue.of(""));
        assertThat(FieldValue.of("OK")).hasToString("OK");
    }

    @Test
    void aTextOf256CharactersIsAcceptedAndOf257IsRefused() {
        // given
        String longest = repeat('x', 256);
        String tooLong = repeat('x', 257);

        // when / then
        assertThat(FieldValue.of(longest).value()).hasSize(256);
        assertThat(FieldValue.from("note", longest)).isEqualTo(FieldValue.of(longest));
        assertInvalidValue(() -> FieldValue.of(tooLong), "257 characters is longer than 256");
        assertInvalidValue(() -> FieldValue.from("note", tooLong),
                "field 'note' has a text of 257 characters; at most 256 are allowed");
    }

    @Test
    void aBooleanIsRefusedNamingItsKind() {
        assertInvalidValue(() -> FieldValue.from("on", true),
                "field 'on' is a boolean; a field value must be a finite number or a text");
    }

    @Test
    void nullAndOtherTypesAreRefused() {
        assertInvalidValue(() -> FieldValue.from("f", null), "field 'f' is null");
        assertInvalidValue(() -> FieldValue.from("f", new Object()), "field 'f' is of type Object");
        assertInvalidValue(() -> FieldValue.from("f", java.util.List.of(1)), "field 'f' is a list; a field value must be a finite number or a text");
        assertInvalidValue(() -> FieldValue.of((String) null), "text field value is null");
    }

    @Test
    void aFieldValueIsPassedThroughUnchanged() {
        // given
        FieldValue value = FieldValue.of(1.5);

        // when / then
        assertThat(FieldValue.from("f", value)).isSameAs(value);
    }

    @Test
    void numbersAndTextsAreNeverEqual() {
        assertThat((Object) FieldValue.of("1.0")).isNotEqualTo(FieldValue.of(1.0));
        assertThat(FieldValue.of(1.0)).hasToString("1.0");
    }

    private static void assertInvalidValue(org.assertj.core.api.ThrowableAssert.ThrowingCallable call,
                                           String expectedMessagePart) {
        assertThatThrownBy(call)
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining(expectedMessagePart)
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_FIELD_VALUE);
    }
}
