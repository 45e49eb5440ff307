package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/** Requests the query services refuse whole: bad ranges, windows, pages and limits, too many windows. */
class QueryValidationTest {

    private static final Instant FROM = NOW.minus(Duration.ofHours(5));
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    private final ServiceFixture fixture = new ServiceFixture();
    private final SeriesId series = Fixtures.freshSeries("query");

    @Test
    void rangeWhoseStartIsNotBeforeItsEndIsRefused() {
        assertRefused(() -> fixture.use.read().read(series, FROM, FROM, 10), "INVALID_RANGE");
        assertRefused(() -> fixture.use.read().read(series, FROM, FROM.minusMillis(1), 10), "INVALID_RANGE");
        assertRefused(() -> fixture.use.aggregate().aggregate(series, FROM, FROM, FIVE_MINUTES), "INVALID_RANGE");
        assertRefused(() -> fixture.use.aggregateAll().aggregateAll(FROM.plusSeconds(1), FROM, FIVE_MINUTES),
                "INVALID_RANGE");
    }

    @Test
    void openRangeWhollyOutsideRetentionIsEmptyRatherThanRefused() {
        // given
        fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), FROM, Map.of("v", 1))));

        // when / then: no start, and an end before the oldest kept instant
        assertThat(fixture.use.read().read(series, null, NOW.minus(Duration.ofDays(91)), 10)).isEmpty();
        assertThat(fixture.use.aggregate().aggregate(series, null, NOW.minus(Duration.ofDays(91)), FIVE_MINUTES)).isEmpty();
    }

    @Test
    void nonPositiveOrSubMillisecondWindowIsRefused() {
        for (Duration window : new Duration[] {Duration.ZERO, Duration.ofMinutes(-5), null, Duration.ofNanos(500_000),
                Duration.ofMillis(1).plusNanos(1)}) {
            assertRefused(() -> fixture.use.aggregate().aggregate(series, FROM, NOW, window), "INVALID_WINDOW");
            assertRefused(() -> fixture.use.aggregateAll().aggregateAll(FROM, NOW, window), "INVALID_WINDOW");
        }
    }

    @Test
    void singleSeriesAggregationIsRefusedWhenItProducesTooManyWindowsNotWhenItsRangeCouldHoldThem() {
        // given: at most 10 windows, and a range of 24 five-minute windows
        Instant start = NOW.minus(Duration.ofHours(3));
        Instant end = start.plus(Duration.ofHours(2));
        for (int i = 0; i < 10; i++) {
            fixture.use.ingest().ingest(List.of(
                    new ReadingInput(series.value(), start.plus(FIVE_MINUTES.multipliedBy(i)), Map.of("v", i))));
        }

        // when / then: ten non-empty windows are fine, also over the default 90-day range with 1 h windows
        assertThat(fixture.use.aggregate().aggregate(series, start, end, FIVE_MINUTES)).hasSize(10);
        assertThat(fixture.use.aggregate().aggregate(series, null, null, Duration.ofHours(1))).hasSize(1);

        // when / then: an eleventh is not
        fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), start.plus(Duration.ofMinutes(100)),
                Map.of("v", 1))));
        assertRefused(() -> fixture.use.aggregate().aggregate(series, start, end, FIVE_MINUTES), "TOO_MANY_WINDOWS");
    }

    @Test
    void allSeriesAggregationIsRefusedWhenItProducesTooManyWindows() {
        // given: a range of 24 windows, of which at most 10 may be produced
        Instant start = NOW.minus(Duration.ofHours(3));
        Instant end = start.plus(Duration.ofHours(2));

        // when / then: nothing stored, nothing produced
        assertThat(fixture.use.aggregateAll().aggregateAll(start, end, FIVE_MINUTES)).isEmpty();

        // when / then: 10 non-empty windows over two series are fine
        for (String id : List.of(series.value(), series.value() + "b")) {
            List<ReadingInput> batch = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                batch.add(new ReadingInput(id, start.plus(FIVE_MINUTES.multipliedBy(i)), Map.of("v", i)));
            }
            fixture.use.ingest().ingest(batch);
        }
        assertThat(fixture.use.aggregateAll().aggregateAll(start, end, FIVE_MINUTES)).hasSize(10);

        // when / then: an 11th is not
        fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), start.plus(Duration.ofMinutes(100)),
                Map.of("v", 1))));
        assertRefused(() -> fixture.use.aggregateAll().aggregateAll(start, end, FIVE_MINUTES), "TOO_MANY_WINDOWS");
    }

    @Test
    void pageNumberBelowOneIsRefused() {
        assertRefused(() -> fixture.use.page().page(series, 0, 10), "INVALID_PAGE");
        assertRefused(() -> fixture.use.page().page(series, -1, 10), "INVALID_PAGE");
        assertRefused(() -> fixture.use.page().page(series, Long.MIN_VALUE, null), "INVALID_PAGE");
    }

    @Test
    void pageSizeOutsideItsBoundsIsRefused() {
        assertRefused(() -> fixture.use.page().page(series, 1, 0), "INVALID_PAGE_SIZE");
        assertRefused(() -> fixture.use.page().page(series, 1, BucketPolicy.MAX_COUNT_LIMIT + 1), "INVALID_PAGE_SIZE");
    }

    @Test
    void pageSizesOfOneAndOfExactlyTheMaximumAreAccepted() {
        // given
        fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), FROM, Map.of("v", 1))));

        // when / then
        assertThat(fixture.use.page().page(series, 1, 1)).hasValueSatisfying(page -> assertThat(page).hasSize(1));
        assertThat(fixture.use.page().page(series, 1, BucketPolicy.MAX_COUNT_LIMIT))
                .hasValueSatisfying(page -> assertThat(page).hasSize(1));
    }

    @Test
    void pageSizeDefaultsToTheConfiguredSize() {
        // given: 4 readings, default page size 3
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            batch.add(new ReadingInput(series.value(), FROM.plusSeconds(i), Map.of("v", i)));
        }
        fixture.use.ingest().ingest(batch);

        // when / then
        assertThat(fixture.use.page().page(series, 1, null)).hasValueSatisfying(page -> assertThat(page).hasSize(3));
        assertThat(fixture.use.page().page(series, 2, null)).hasValueSatisfying(page -> assertThat(page).hasSize(1));
        assertThat(fixture.use.page().page(series, 3, null)).isEmpty();
    }

    @Test
    void nonPositiveLimitIsRefused() {
        assertRefused(() -> fixture.use.read().read(series, null, null, 0), "INVALID_LIMIT");
        assertRefused(() -> fixture.use.read().read(series, null, null, -1), "INVALID_LIMIT");
    }
}
