package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.BASE;
import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Contract theme: an aggregation producing more than {@code maxWindows} windows is refused as
 * TOO_MANY_WINDOWS, also where the store stops after {@code maxWindows + 1} of them. Windows of
 * 1 min and of 3 h lie on either side of the default 1 h bucket width, so that a store that
 * answers wide windows from bucket summaries is refused on both of its paths.
 */
public interface WindowLimitContract extends ContractSupport {

    int MAX_WINDOWS = 4;

    @ParameterizedTest(name = "windows of {0} min")
    @ValueSource(longs = {1, 180})
    default void allSeriesAggregationOfExactlyMaxWindowsIsAnswered(long windowMinutes) {
        // given: two series of four windows each, two of them in the range
        Duration window = Duration.ofMinutes(windowMinutes);
        UseCases use = limited();
        List<Reading> fed = ingestSeries(use, window, 4, 4);

        // when: a range holding the first two windows of each series
        List<WindowAggregate> windows = use.aggregateAll().aggregateAll(BASE, BASE.plus(window.multipliedBy(2)), window);

        // then
        WindowAssertions.assertSameWindows(windows, BruteForce.windows(BruteForce.firstWins(fed), BASE,
                BASE.plus(window.multipliedBy(2)), window));
        assertThat(windows).hasSize(MAX_WINDOWS);
    }

    @ParameterizedTest(name = "windows of {0} min")
    @ValueSource(longs = {1, 180})
    default void allSeriesAggregationOfOneWindowMoreThanMaxIsRefused(long windowMinutes) {
        // given: windows 2 + 2 + 1, the one too many in the last series
        Duration window = Duration.ofMinutes(windowMinutes);
        UseCases use = limited();
        ingestSeries(use, window, 2, 2, 1);

        // when / then
        assertTooManyWindows(() -> use.aggregateAll().aggregateAll(BASE, NOW, window));
    }

    @ParameterizedTest(name = "windows of {0} min")
    @ValueSource(longs = {1, 180})
    default void allSeriesAggregationFarBeyondMaxIsRefusedWithoutClaimingACountTheStoreDidNotReach(long windowMinutes) {
        // given: three series of eight windows each, 24 windows where 4 are allowed
        Duration window = Duration.ofMinutes(windowMinutes);
        UseCases use = limited();
        ingestSeries(use, window, 8, 8, 8);

        // when / then: a store may stop after 5 windows, so the refusal says "more than 4", not a count
        assertTooManyWindows(() -> use.aggregateAll().aggregateAll(BASE, NOW, window))
                .hasMessageContaining("more than " + MAX_WINDOWS + " windows; at most " + MAX_WINDOWS + " are allowed");
    }

    @Test
    default void oneSeriesAggregationOfOneWindowMoreThanMaxIsRefused() {
        // given: five windows of one series, and many of another that is not asked for
        Duration window = Duration.ofMinutes(1);
        UseCases use = limited();
        SeriesId series = Fixtures.freshSeries("wl");
        ingest(use, windowsOf(series, window, MAX_WINDOWS + 1));
        ingest(use, windowsOf(Fixtures.freshSeries("wl"), window, 3 * MAX_WINDOWS));

        // when / then: exactly four are answered, five are refused (the store stops past four: no count claimed)
        assertThat(use.aggregate().aggregate(series, BASE, at(window.multipliedBy(MAX_WINDOWS)), window))
                .hasSize(MAX_WINDOWS);
        assertTooManyWindows(() -> use.aggregate().aggregate(series, BASE, NOW, window))
                .hasMessageContaining("more than " + MAX_WINDOWS + " windows");
    }

    @Test
    default void oneSeriesAggregationStopsInTheStoreOncePastTheBound() {
        // given: one reading a minute for 24 hours, 24 buckets of the default 1 h policy
        ReadingStore store = store();
        SeriesId series = Fixtures.freshSeries("wl");
        List<Reading> readings = new ArrayList<>();
        for (int minute = 0; minute < 24 * 60; minute++) {
            readings.add(value(series, at(Duration.ofMinutes(minute)), minute));
        }
        ingest(useCases(store), readings);
        TimeRange all = TimeRange.of(BASE, NOW);

        // when: the port is asked for 1 min windows with room for ten
        List<WindowAggregate> bounded = store.aggregate(series, all, Duration.ofMinutes(1), 10);

        // then: enough to see the bound is passed, and no more than one further bucket's windows were built
        assertThat(bounded).hasSizeGreaterThan(10).hasSizeLessThanOrEqualTo(10 + 60);
        assertThat(store.aggregate(series, all, Duration.ofMinutes(1))).hasSize(24 * 60);
    }

    private UseCases limited() {
        ApplicationSettings defaults = ApplicationSettings.defaults();
        return useCases(store(), new ApplicationSettings(defaults.retention(), defaults.maxBatchSize(), MAX_WINDOWS,
                defaults.defaultPageSize()));
    }

    /** Ingests fresh series, the i-th with readings in {@code windows[i]} windows; answers the readings fed. */
    private static List<Reading> ingestSeries(UseCases use, Duration window, int... windows) {
        String prefix = Fixtures.freshPrefix("wl");
        List<Reading> fed = new ArrayList<>();
        for (int i = 0; i < windows.length; i++) {
            fed.addAll(windowsOf(new SeriesId(prefix + (char) ('a' + i)), window, windows[i]));
        }
        ingest(use, fed);
        return fed;
    }

    /** Two readings in each of the first {@code count} windows of {@code window} from {@link Fixtures#BASE}. */
    private static List<Reading> windowsOf(SeriesId series, Duration window, int count) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(value(series, at(window.multipliedBy(i)), i));
            readings.add(value(series, at(window.multipliedBy(i)).plus(window.dividedBy(2)), i + 0.5));
        }
        return readings;
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertTooManyWindows(ThrowingCallable aggregation) {
        return assertThatThrownBy(aggregation)
                .isInstanceOfSatisfying(InvalidRequestException.class,
                        e -> assertThat(e.code()).isEqualTo("TOO_MANY_WINDOWS"))
                .hasMessageContaining("at most " + MAX_WINDOWS + " are allowed");
    }
}
