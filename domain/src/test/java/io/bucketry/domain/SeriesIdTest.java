package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.bucketry.domain.TestReadings.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

class SeriesIdTest {

    @Test
    void everyAllowedCharacterIsAccepted() {
        // given
        String all = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:@-";

        // when
        SeriesId id = SeriesId.of(all);

        // then
        assertThat(id.value()).isEqualTo(all);
        assertThat(id).hasToString(all);
        assertThat(SeriesId.problem(all)).isNull();
    }

    @Test
    void exactlyTheListedCharactersAreAllowedAmongAllCharacters() {
        // given
        String allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:@-";

        // when / then: every char value, one id each
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            boolean valid = SeriesId.problem("id" + (char) c) == null;
            assertThat(valid).as("character %d", c).isEqualTo(allowed.indexOf(c) >= 0);
        }
    }

    @Test
    void oneCharacterIsTheShortestValidId() {
        assertThat(SeriesId.of("a").value()).isEqualTo("a");
    }

    @Test
    void anIdOf128CharactersIsAcceptedAndOf129IsRejectedWithItsLength() {
        // given
        String longest = repeat('x', 128);
        String tooLong = repeat('x', 129);

        // when / then
        assertThat(SeriesId.of(longest).value()).hasSize(128);
        assertThatThrownBy(() -> SeriesId.of(tooLong))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("129 characters long")
                .hasMessageContaining("at most 128")
                .asInstanceOf(type(InvalidReadingException.class))
                .extracting(InvalidReadingException::reason)
                .isEqualTo(RejectionReason.INVALID_SERIES);
    }

    @Test
    void anEmptyIdIsRejectedAsEmpty() {
        assertRejected("", "series id is empty");
    }

    @Test
    void aMissingIdIsRejectedAsMissing() {
        assertRejected(null, "series id is missing");
    }

    @ParameterizedTest(name = "a series id containing ''{0}'' is rejected")
    @ValueSource(strings = {" ", "/", "$", "*", "é", "#", "?", "+", ",", "\"", "'", "ß"})
    void anIdWithACharacterOutsideTheAllowedSetIsRejectedNamingTheIdAndTheCharacter(String character) {
        // given
        String id = "room" + character + "7";

        // when / then
        assertRejected(id, "series id '" + id + "' contains '" + character + "'");
    }

    @Test
    void theMessageNamesTheFirstOffendingCharacterAndListsTheAllowedOnes() {
        assertRejected("a b/c", "series id 'a b/c' contains ' '; allowed are A-Z a-z 0-9 . _ : @ -");
    }

    @Test
    void aControlCharacterIsShownEscapedInTheMessage() {
        // given
        String id = "line\nbreak";

        // when / then
        assertThatThrownBy(() -> SeriesId.of(id))
                .hasMessage("series id 'line\\u000abreak' contains '\\u000a'; allowed are A-Z a-z 0-9 . _ : @ -");
    }

    @Test
    void aCharacterOutsideTheBasicPlaneIsRejectedWithAMessageThatIsWellFormedText() {
        // given: an emoji is two UTF-16 chars (a surrogate pair)
        String id = "sensor-\uD83D\uDE00";

        // when
        InvalidReadingException e = catchInvalid(id);

        // then: the message never carries half of a surrogate pair, which no JSON encoder can write
        assertThat(e.reason()).isEqualTo(RejectionReason.INVALID_SERIES);
        assertThat(hasLoneSurrogate(e.getMessage())).as("lone surrogate in %s", e.getMessage()).isFalse();
        assertThat(e.getMessage()).contains("\\ud83d");
    }

    @Test
    void aVeryLongInvalidIdIsAbbreviatedInTheMessage() {
        // given
        String id = repeat('x', 200) + " ";

        // when
        InvalidReadingException e = catchInvalid(id);

        // then
        assertThat(e.getMessage()).contains("'" + repeat('x', 64) + "…'").contains("201 characters long");
        assertThat(e.getMessage().length()).isLessThan(200);
    }

    @Test
    void idsAreEqualByValueAndOrderedByValue() {
        assertThat(SeriesId.of("a")).isEqualTo(new SeriesId("a")).hasSameHashCodeAs(SeriesId.of("a"));
        assertThat(SeriesId.of("a")).isLessThan(SeriesId.of("b"));
        assertThat(SeriesId.of("sensor-1")).isLessThan(SeriesId.of("sensor-1.a"));
    }

    private static void assertRejected(String id, String expectedMessage) {
        InvalidReadingException e = catchInvalid(id);
        assertThat(e.reason()).isEqualTo(RejectionReason.INVALID_SERIES);
        assertThat(e.getMessage()).startsWith(expectedMessage);
        assertThat(SeriesId.problem(id)).isEqualTo(e.getMessage());
    }

    private static InvalidReadingException catchInvalid(String id) {
        try {
            new SeriesId(id);
        } catch (InvalidReadingException e) {
            return e;
        }
        throw new AssertionError("series id " + id + " was accepted");
    }

    static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
    @Test
    void aSeriesFallsInOnePartWhateverSplitsItAndEveryPartIsUsed() {
        int parts = 3;
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (int i = 0; i < 300; i++) {
            String id = "sensor-" + i;
            int part = SeriesId.partOf(id, parts);
            assertThat(part).isBetween(0, parts - 1);
            assertThat(SeriesId.of(id).partOf(parts)).isEqualTo(part);
            assertThat(SeriesId.partOf(new String(id), parts)).as("an equal id of another object").isEqualTo(part);
            used.add(part);
        }
        assertThat(used).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(SeriesId.partOf(null, parts)).as("a missing id, still a part").isZero();
        assertThat(SeriesId.partOf("anything", 1)).isZero();
    }
}
