package io.bucketry.application.port.in;

import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.RejectionReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The words a range bound may be written in, each read as what it says, and the refusals of the others. */
class TimeBoundTest {

    private static final Instant NOW = Instant.parse("2026-12-03T13:45:10.250Z");

    static Stream<Arguments> words() {
        return Stream.of(
                arguments("now", NOW),
                arguments("now-1h", NOW.minus(1, ChronoUnit.HOURS)),
                arguments("-1h", NOW.minus(1, ChronoUnit.HOURS)),
                arguments("now-30m", NOW.minus(30, ChronoUnit.MINUTES)),
                arguments("now+30m", NOW.plus(30, ChronoUnit.MINUTES)),
                arguments("now 5m", NOW.plus(5, ChronoUnit.MINUTES)),   // an unencoded + in a query string
                arguments("-250ms", NOW.minusMillis(250)),
                arguments("-45s", NOW.minusSeconds(45)),
                arguments("now-2d", NOW.minus(2, ChronoUnit.DAYS)),
                arguments("-1w", NOW.minus(7, ChronoUnit.DAYS)),
                arguments(" -1h ", NOW.minus(1, ChronoUnit.HOURS)),
                arguments("2026-12-03", LocalDate.of(2026, 12, 3).atStartOfDay(ZoneOffset.UTC).toInstant()),
                arguments("1764720000s", Instant.ofEpochSecond(1_764_720_000L)),
                arguments("1764720000000ms", Instant.ofEpochSecond(1_764_720_000L)),
                arguments("1764720000000", Instant.ofEpochSecond(1_764_720_000L)),
                arguments("0", Instant.EPOCH),
                arguments("2026-12-03T10:00:00+02:00", Instant.parse("2026-12-03T08:00:00Z")),
                arguments("2026-12-03T10:00:00.0005Z", Instant.parse("2026-12-03T10:00:00Z").plusNanos(500_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("words")
    void eachWordIsTheInstantItSaysForARequestAtNow(String word, Instant expected) {
        // when
        TimeBound bound = TimeInput.bound(word.strip().replace(' ', '+'));   // as the query parameters are read

        // then
        assertThat(bound.at(NOW)).isEqualTo(expected);
    }

    @Test
    void onlyTheWordsWithNowAndASignDependOnTheRequestsInstant() {
        Instant later = NOW.plus(Duration.ofDays(1));

        assertThat(TimeInput.bound("now-1h").at(later)).isEqualTo(later.minus(Duration.ofHours(1)));
        assertThat(TimeInput.bound("2026-12-03").at(later)).isEqualTo(TimeInput.bound("2026-12-03").at(NOW));
        assertThat(TimeInput.bound("now-90m")).hasToString("now-90m");
        assertThat(TimeInput.bound("now")).hasToString("now");
        assertThat(TimeInput.bound("now+2w")).hasToString("now+14d");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "1h | time '1h' is none of: ISO-8601 with a zone offset (2026-07-21T23:00:10Z), a day (2026-07-21, its start"
                    + " in UTC), epoch milliseconds (1784674810000) or epoch seconds with their unit (1784674810s), now,"
                    + " or a time relative to now (now-1h, now+30m, -1h; units ms, s, m, h, d, w)",
            "yesterday | time 'yesterday' is none of: ISO-8601",
            "now-1y | time 'now-1y' is none of: ISO-8601",
            "now-1.5h | time 'now-1.5h' is none of: ISO-8601",
            "now - 1h | time 'now - 1h' is none of: ISO-8601",
            "+1h | time '+1h' is none of: ISO-8601",
            "now-1H | time 'now-1H' is none of: ISO-8601",
            "2026-12-3 | time '2026-12-3' is none of: ISO-8601",
            "2026-02-30 | time '2026-02-30' is no day of the calendar",
            "2026-12-03T10:00:00 | time '2026-12-03T10:00:00' is neither ISO-8601 with a zone offset",
            "now-99999999999999999999w | time 'now-99999999999999999999w' is out of the range of epoch milliseconds",
            "now-9999999999999999w | time 'now-9999999999999999w' is out of the range of epoch milliseconds",
            "99999999999999999999s | time '99999999999999999999s' is out of the range of epoch milliseconds",
            "1764720000 | time 1764720000 looks like epoch seconds; times in epoch form are milliseconds: write 1764720000s"
                    + " for seconds",
            "` ` | time is empty"})
    void anyOtherWordIsRefusedNamingWhatIsAccepted(String word, String message) {
        assertThatThrownBy(() -> TimeInput.bound(word))
                .isInstanceOfSatisfying(InvalidReadingException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectionReason.INVALID_TIME))
                .message().startsWith(message);
    }

    @Test
    void aNumberThatLooksLikeEpochSecondsIsRefusedWithItsHintAsTextOrAsANumber() {
        assertThatThrownBy(() -> TimeInput.bound(1_764_720_000L)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("time 1764720000 looks like epoch seconds; times in epoch form are milliseconds: write"
                        + " 1764720000s for seconds");
        assertThat(TimeInput.bound(1_764_720_000_000L).at(NOW)).isEqualTo(Instant.ofEpochSecond(1_764_720_000L));
        assertThat(TimeInput.bound("-1764720000").at(NOW)).isEqualTo(Instant.ofEpochMilli(-1_764_720_000L));
        assertThat(TimeInput.bound("999999999").at(NOW)).as("as seconds, before 2001").isEqualTo(Instant.ofEpochMilli(999_999_999L));
        assertThatThrownBy(() -> TimeInput.bound("1000000000")).hasMessageStartingWith("time 1000000000 looks like epoch seconds");
        assertThatThrownBy(() -> TimeInput.bound("31535999999")).hasMessageStartingWith("time 31535999999 looks like epoch seconds");
        assertThat(TimeInput.bound("31536000000").at(NOW)).isEqualTo(Instant.parse("1971-01-01T00:00:00Z"));
    }

    @Test
    void whereATimeMustBeAbsoluteARelativeOneIsRefusedAndTheOthersAreRead() {
        assertThat(TimeInput.parseBound("2026-12-03")).isEqualTo(Instant.parse("2026-12-03T00:00:00Z"));
        assertThat(TimeInput.parseBound("1764720000s")).isEqualTo(Instant.ofEpochSecond(1_764_720_000L));
        assertThatThrownBy(() -> TimeInput.parseBound("now-1h")).isInstanceOf(InvalidReadingException.class)
                .hasMessage("time 'now-1h' is relative to now; here a time is absolute: ISO-8601 with a zone offset"
                        + " (2026-07-21T23:00:10Z), a day (2026-07-21, its start in UTC), epoch milliseconds"
                        + " (1784674810000) or epoch seconds with their unit (1784674810s)");
    }

    @Test
    void endsOfOneKindOutOfOrderAreRefusedWhateverTheInstantAndMixedOnesAreLeftToTheUseCase() {
        assertThatThrownBy(() -> bounds("now", "-1h").requireOrdered())
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"))
                .hasMessage("range start now is not before its end now-1h");
        assertThatThrownBy(() -> bounds("2026-12-03", "2026-12-03").requireOrdered())
                .hasMessage("range start 2026-12-03T00:00:00Z is not before its end 2026-12-03T00:00:00Z");
        bounds("-1h", "now").requireOrdered();
        bounds("2026-12-03", "now-30d").requireOrdered();
        new TimeBounds(null, TimeInput.bound("-1h")).requireOrdered();
    }

    private static TimeBounds bounds(String from, String to) {
        return new TimeBounds(TimeInput.bound(from), TimeInput.bound(to));
    }

    @Test
    void aRelativeBoundThatLeavesEpochMillisecondsIsRefusedWhenResolved() {
        TimeBound far = TimeBound.fromNow(Duration.ofMillis(Long.MAX_VALUE));

        assertThatThrownBy(() -> far.at(NOW)).isInstanceOf(InvalidReadingException.class)
                .hasMessage("time now+" + Long.MAX_VALUE + "ms is out of the range of epoch milliseconds");
        assertThat(TimeBound.fromNow(Duration.ofMillis(-NOW.toEpochMilli())).at(NOW)).isEqualTo(Instant.EPOCH);
        assertThatThrownBy(() -> TimeBound.fromNow(Duration.ofDays(Long.MAX_VALUE / 86_400)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beyond a long of milliseconds");
    }
}
