package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.service.QueryRange;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Contract theme: gap-filled aggregates of random readings (seeded {@link GapFillScenario}s) equal
 * {@link BruteForceFill}, for one series and for all. Every try opens and closes its own store.
 */
public interface GapFillProperties extends ContractSupport {

    int FILL_TRIES = 25;

    @Test
    default void gapFilledAggregatesOfOneSeriesEqualBruteForce() {
        SeriesId series = Fixtures.freshSeries("fill");
        SeriesId neighbour = new SeriesId(series.value() + "1");
        forEachScenario(List.of(series, neighbour), (use, scenario) -> use.aggregate().aggregate(series, scenario.from(),
                scenario.to(), scenario.window(), scenario.fill()), series);
    }

    @Test
    default void gapFilledAggregatesOfAllSeriesEqualBruteForce() {
        String prefix = Fixtures.freshPrefix("fill");
        List<SeriesId> series = List.of(new SeriesId(prefix + "b"), new SeriesId(prefix + "a"), new SeriesId(prefix + "a1"));
        forEachScenario(series, (use, scenario) -> use.aggregateAll().aggregateAll(scenario.from(), scenario.to(),
                scenario.window(), scenario.fill()), null);
    }

    private void forEachScenario(List<SeriesId> series, BiFunction<UseCases, GapFillScenario, List<WindowAggregate>> query,
                                 SeriesId always) {
        long seeds = Long.getLong("bucketry.seed", new Random().nextLong());
        Random random = new Random(seeds);
        for (int i = 0; i < FILL_TRIES; i++) {
            GapFillScenario scenario = GapFillScenario.of(random.nextLong(), series);
            try (ReadingStore store = openStore(scenario.policy())) {
                // given
                UseCases use = useCases(store);
                ContractSupport.ingest(use, scenario.readings());

                // when
                List<WindowAggregate> actual = query.apply(use, scenario);

                // then
                ApplicationSettings settings = ApplicationSettings.defaults();
                QueryRange ranges = new QueryRange(settings.retention(), clock());
                Instant now = clock().instant();
                TimeRange range = ranges.resolve(scenario.from(), scenario.to(), now);
                List<WindowAggregate> expected = range == null ? List.of() : BruteForceFill.windows(
                        BruteForce.firstWins(scenario.readings()).stream()
                                .filter(r -> always == null || r.series().equals(always)).toList(), always, range.from(), range.to(), scenario.window(),
                        scenario.fill().mode(), scenario.fill().maxGap(), now, ranges.oldestKept(now));
                assertSameFilledWindows(actual, expected, "try " + i + " of seeds " + seeds + ", " + scenario);
            }
        }
    }

    private static void assertSameFilledWindows(List<WindowAggregate> actual, List<WindowAggregate> expected, String where) {
        assertThat(actual).as(where).extracting(w -> w.series() + "@" + w.start() + " n=" + w.count() + " filled=" + w.filled())
                .containsExactlyElementsOf(expected.stream()
                        .map(w -> w.series() + "@" + w.start() + " n=" + w.count() + " filled=" + w.filled()).toList());
        for (int i = 0; i < expected.size(); i++) {
            WindowAggregate want = expected.get(i);
            WindowAggregate got = actual.get(i);
            if (!want.filled()) {
                WindowAssertions.assertSameWindows(List.of(got), List.of(want));
                continue;
            }
            String window = where + ", window " + want.series() + "@" + want.start();
            assertThat(got.fields().keySet()).as("filled fields of %s", window).containsExactlyElementsOf(want.fields().keySet());
            want.fields().forEach((name, value) -> {
                FieldAggregate filled = got.fields().get(name);
                assertThat(filled.avg()).as("%s of %s", name, window)
                        .isCloseTo(value.avg(), within(1e-9 * Math.max(1, Math.abs(value.avg()))));
                assertThat(filled).as("%s of %s", name, window).isEqualTo(FieldAggregate.filled(filled.avg()));
            });
        }
    }
}
