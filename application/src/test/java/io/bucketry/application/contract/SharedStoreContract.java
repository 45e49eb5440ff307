package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.BASE;
import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Contract theme: one store holding many series over a long run — the store every test of the
 * class shares, still holding what the tests before wrote — answers each series as if it were
 * alone. Tests keep apart through fresh series ids, never by wiping the store (as Axon's
 * storage-engine suite does). Sizes stay small enough for the embedded MongoDB lane.
 */
public interface SharedStoreContract extends ContractSupport {

    int MANY = 300;
    int ROUNDS = 4;

    @Test
    default void manySeriesWrittenHourByHourAreEachAnsweredAsFed() {
        // given: 300 fresh series in the shared store
        UseCases use = useCases(sharedStore());
        String prefix = Fixtures.freshPrefix("many");
        List<SeriesId> series = series(prefix, MANY);
        List<Reading> fed = new ArrayList<>();

        // when: four rounds, each writing one hour of every series in batches of 200, the last hour first
        for (int round = 0; round < ROUNDS; round++) {
            Duration hour = Duration.ofHours(ROUNDS - 1 - round);
            List<Reading> written = new ArrayList<>();
            for (int i = 0; i < series.size(); i++) {
                written.add(value(series.get(i), at(hour.plusMinutes(i % 60)), round * 1000 + i));
                written.add(value(series.get(i), at(hour.plusMinutes(59)).plusMillis(i), -i));
            }
            for (int from = 0; from < written.size(); from += 200) {
                assertThat(ingest(use, written.subList(from, from + 200)).accepted()).isEqualTo(200);
            }
            fed.addAll(written);

            // then: after every round, a sample of series reads back what it was fed so far
            for (int i = round; i < series.size(); i += 37) {
                assertThat(readAll(use, series.get(i))).as("readings of %s after round %d", series.get(i), round)
                        .containsExactlyElementsOf(BruteForce.range(fed, series.get(i), BASE, NOW));
            }
        }

        // then: every series' latest and first page, its hourly windows, and the listing of the prefix
        List<Reading> kept = BruteForce.firstWins(fed);
        for (SeriesId id : series) {
            List<Reading> own = BruteForce.range(kept, id, BASE, NOW);
            assertThat(use.latest().latest(id)).as("latest of %s", id).contains(own.get(own.size() - 1));
            assertThat(use.page().page(id, 2, 3)).as("page 2 of %s", id).contains(own.subList(3, 6));
        }
        List<WindowAggregate> ours = use.aggregateAll().aggregateAll(BASE, NOW, Duration.ofHours(1)).stream()
                .filter(w -> w.series().value().startsWith(prefix)).toList();
        WindowAssertions.assertSameWindows(ours, BruteForce.windows(kept, BASE, NOW, Duration.ofHours(1)));
        assertThat(listed(use, prefix)).containsExactlyElementsOf(series.stream().map(SeriesId::value).sorted().toList());
    }

    @Test
    default void lateReadingsAndResentBatchesOfManySeriesInTheSharedStoreAreStoredOnce() {
        // given: 100 fresh series in the shared store, each with an hour of readings
        UseCases use = useCases(sharedStore());
        List<SeriesId> series = series(Fixtures.freshPrefix("late"), 100);
        List<Reading> recent = everySeries(series, Duration.ofHours(20));
        ingest(use, recent);

        // when: an older hour arrives, and then both hours are resent
        List<Reading> late = everySeries(series, Duration.ofHours(2));
        IngestReport lateReport = ingest(use, late);
        List<Reading> both = new ArrayList<>(recent);
        both.addAll(late);
        IngestReport resent = ingest(use, both);

        // then
        assertThat(lateReport.accepted()).isEqualTo(late.size());
        assertThat(resent.accepted()).isZero();
        assertThat(resent.duplicates()).isEqualTo(both.size());
        for (SeriesId id : series) {
            assertThat(readAll(use, id)).as("readings of %s", id)
                    .containsExactlyElementsOf(BruteForce.range(both, id, BASE, NOW));
        }
    }

    @Test
    default void deletingOneOfManySeriesInTheSharedStoreLeavesTheOthers() {
        // given: 50 fresh series in the shared store, whose ids extend one another's
        UseCases use = useCases(sharedStore());
        String prefix = Fixtures.freshPrefix("del");
        List<SeriesId> series = series(prefix, 50);
        List<Reading> fed = everySeries(series, Duration.ofHours(9));
        ingest(use, fed);

        // when
        long deleted = use.delete().delete(series.get(1));

        // then
        assertThat(deleted).isEqualTo(2);
        assertThat(readAll(use, series.get(1))).isEmpty();
        for (SeriesId id : series) {
            if (!id.equals(series.get(1))) {
                assertThat(readAll(use, id)).as("readings of %s", id)
                        .containsExactlyElementsOf(BruteForce.range(fed, id, BASE, NOW));
            }
        }
        assertThat(listed(use, prefix)).hasSize(49).doesNotContain(series.get(1).value());
    }

    /** {@code count} ids under {@code prefix}: {@code <prefix>0}, {@code <prefix>1}, … (so that some extend others). */
    private static List<SeriesId> series(String prefix, int count) {
        List<SeriesId> series = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            series.add(new SeriesId(prefix + i));
        }
        return series;
    }

    /** Two readings of every series in the hour starting {@code hour} after {@link Fixtures#BASE}. */
    private static List<Reading> everySeries(List<SeriesId> series, Duration hour) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            readings.add(value(series.get(i), at(hour.plusMinutes(i % 60)), i));
            readings.add(value(series.get(i), at(hour.plusMinutes(59)).plusMillis(i), -i));
        }
        return readings;
    }

    /** Every id listed under {@code prefix}, following the pages. */
    private static List<String> listed(UseCases use, String prefix) {
        List<String> ids = new ArrayList<>();
        SeriesPage page = use.series().list(prefix, null, 100);
        ids.addAll(page.series().stream().map(summary -> summary.series().value()).toList());
        while (page.next() != null) {
            page = use.series().list(prefix, page.next().value(), 100);
            ids.addAll(page.series().stream().map(summary -> summary.series().value()).toList());
        }
        return ids;
    }
}
