package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class WindowMergeTest {

    private static final SeriesId SERIES = SeriesId.of("s");
    private static final Instant DAY = Instant.parse("2030-07-21T00:00:00Z");

    @Test
    void hourlyPartsRollUpToWhatTheReadingsOfTheDayGive() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Instant time = DAY.plusMillis((long) (random.nextDouble() * Duration.ofDays(2).toMillis()));
            readings.add(random.nextInt(4) == 0 ? Reading.of("s", time, java.util.Map.of("b", random.nextInt(100) / 4.0))
                    : Reading.of("s", time, java.util.Map.of("a", random.nextInt(100) / 4.0)));
        }
        WindowAggregator hourly = new WindowAggregator(SERIES, Duration.ofHours(1));
        WindowAggregator daily = new WindowAggregator(SERIES, Duration.ofDays(1));
        readings.forEach(hourly::add);
        readings.forEach(daily::add);

        assertThat(WindowMerge.rollUp(hourly.result(), Duration.ofDays(1))).as("seed %d", seed).isEqualTo(daily.result());
        assertThat(WindowMerge.rollUp(hourly.result(), Duration.ofHours(1))).as("seed %d", seed).isEqualTo(hourly.result());
    }

    @Test
    void firstComesFromTheEarliestPartHoldingTheFieldAndLastFromTheLatest() {
        WindowAggregate early = new WindowAggregate(SERIES, DAY, DAY.plusSeconds(3600), 1,
                java.util.Map.of("a", new FieldAggregate(1, 5, 5, 5, 5, 5)));
        WindowAggregate middle = new WindowAggregate(SERIES, DAY.plusSeconds(3600), DAY.plusSeconds(7200), 1,
                java.util.Map.of("b", new FieldAggregate(1, 7, 7, 7, 7, 7)));
        WindowAggregate late = new WindowAggregate(SERIES, DAY.plusSeconds(7200), DAY.plusSeconds(10800), 2,
                java.util.Map.of("a", new FieldAggregate(2, 1, 9, 10, 9, 1)));
        WindowAggregate whole = WindowMerge.of(SERIES, DAY, DAY.plus(Duration.ofDays(1)), List.of(early, middle, late));
        assertThat(whole.count()).isEqualTo(4);
        assertThat(whole.fields().get("a")).isEqualTo(new FieldAggregate(3, 1, 9, 15, 5, 1));
        assertThat(whole.fields().get("b")).isEqualTo(new FieldAggregate(1, 7, 7, 7, 7, 7));
    }
}
