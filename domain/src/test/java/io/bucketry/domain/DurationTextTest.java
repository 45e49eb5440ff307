package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class DurationTextTest {

    @ParameterizedTest(name = "{0} is written {1}")
    @CsvSource(delimiter = '|', textBlock = """
            PT2160H          | 90d
            P1D              | 1d
            PT24H            | 1d
            PT25H            | 25h
            PT1H             | 1h
            PT90M            | 90m
            PT1M             | 1m
            PT61S            | 61s
            PT0S             | 0s
            PT0.5S           | 500ms
            PT1.5S           | 1500ms
            PT0.00025S       | 250µs
            PT0.000000001S   | 1ns
            PT0.0000015S     | 1500ns
            PT-1H            | -1h
            PT-0.5S          | -500ms
            PT2562047788015215H30M7S | 9223372036854775807s
            PT-0.000001S     | -1µs
            """)
    void aDurationIsWrittenInTheLargestUnitThatHoldsItWhole(String iso, String expected) {
        Duration duration = Duration.parse(iso);

        assertThat(DurationText.of(duration)).isEqualTo(expected);
    }

    @Test
    void nullIsWrittenAsStringConcatenationWouldWriteIt() {
        assertThat(DurationText.of(null)).isEqualTo("null");
    }
}
