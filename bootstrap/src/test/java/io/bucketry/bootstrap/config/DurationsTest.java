package io.bucketry.bootstrap.config;

import io.bucketry.domain.DurationText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationsTest {

    @Test
    void shortFormsAndIsoAreRead() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("90d")).isEqualTo(Duration.ofDays(90));
        assertThat(Durations.parse("PT5M")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("P90D")).isEqualTo(Duration.ofDays(90));
        assertThat(Durations.parse(" 1h ")).isEqualTo(Duration.ofHours(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "5x", "m5", "1.5h", "-5m", "PT", "P", "5 m", "1w", "9999999999d"})
    void anythingElseIsRefusedWithWhatIsAllowed(String text) {
        assertThatThrownBy(() -> Durations.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("500ms, 30s, 5m, 1h, 90d");
    }

    @Test
    void positiveAndNonNegativeVariantsRefuseZeroNegativeAndSubMillisecond() {
        assertThatThrownBy(() -> Durations.parsePositive("0s"))
                .hasMessage("expected a positive duration such as 500ms, 30s, 5m, 1h, 90d or ISO-8601 PT5M (0 is not allowed here)");
        assertThat(Durations.parseNonNegative("0s")).isZero();
        assertThatThrownBy(() -> Durations.parseNonNegative("PT-5M")).hasMessageContaining("not negative");
        assertThatThrownBy(() -> Durations.parsePositive("PT0.0001S")).hasMessageContaining("whole milliseconds");
    }

    @Test
    void formatIsReadBack() {
        for (String text : new String[] {"90d", "1h", "5m", "30s", "500ms"}) {
            assertThat(Durations.format(Durations.parse(text))).isEqualTo(text).isEqualTo(DurationText.of(Durations.parse(text)));
        }
    }
}
