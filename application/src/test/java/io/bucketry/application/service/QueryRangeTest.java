package io.bucketry.application.service;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The query helpers' answers: a window's milliseconds, and a refusal that names the window count it knows. */
class QueryRangeTest {

    @Test
    void aWindowIsItsWholeMilliseconds() {
        assertThat(QueryRange.windowMillis(Duration.ofMinutes(5))).isEqualTo(300_000);
        assertThat(QueryRange.windowMillis(Duration.ofMillis(1))).isEqualTo(1);
    }

    @Test
    void tooManyWindowsNamesACountAboveTheMaximumAndOtherwiseSaysMoreThanTheMaximum() {
        // when: a count known to exceed the maximum, and counting that stopped at the maximum
        String above = QueryRange.tooManyWindows(11, 10).getMessage();
        String stopped = QueryRange.tooManyWindows(10, 10).getMessage();

        // then
        assertThat(above).startsWith("the aggregation would produce 11 windows; at most 10 are allowed");
        assertThat(stopped).startsWith("the aggregation would produce more than 10 windows; at most 10 are allowed");
    }
}
