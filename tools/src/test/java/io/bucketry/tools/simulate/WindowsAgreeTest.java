package io.bucketry.tools.simulate;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Two answers agree on exactly the same windows, sums up to the last bits of another addition order. */
class WindowsAgreeTest {

    private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");

    private static WindowAggregate window(String series, long count, double min, double sum) {
        return new WindowAggregate(new SeriesId(series), T, T.plusSeconds(300), count,
                Map.of("temperature", new FieldAggregate(count, min, 30, sum, 21, 22)));
    }

    @Test
    void theSameWindowsAgreeAndSumsMayDifferInTheirLastBits() {
        List<WindowAggregate> a = List.of(window("a", 5, 20, 110.1), window("b", 5, 20, 0.3));

        assertThat(WindowsAgree.of(a, List.of(window("a", 5, 20, 110.1), window("b", 5, 20, 0.1 + 0.2)))).isTrue();
    }

    @Test
    void anyOtherDifferenceIsDisagreement() {
        List<WindowAggregate> a = List.of(window("a", 5, 20, 110.1));

        assertThat(WindowsAgree.of(a, List.of(window("a", 6, 20, 110.1)))).as("count").isFalse();
        assertThat(WindowsAgree.of(a, List.of(window("a", 5, 19.5, 110.1)))).as("min").isFalse();
        assertThat(WindowsAgree.of(a, List.of(window("a", 5, 20, 110.2)))).as("sum").isFalse();
        assertThat(WindowsAgree.of(a, List.of(window("b", 5, 20, 110.1)))).as("series").isFalse();
        assertThat(WindowsAgree.of(a, List.of())).as("size").isFalse();
    }
}
