package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: deleting a series removes all of it, answers how much, and touches nothing else. */
public interface DeleteSeriesContract extends ContractSupport {

    @Test
    default void deleteSeriesRemovesEveryReadingAndAnswersHowMany() {
        // given: 9 readings over several full buckets
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)));
        SeriesId series = freshSeries("del");
        ingest(use, readings(series, 9));

        // when
        long deleted = use.delete().delete(series);

        // then
        assertThat(deleted).isEqualTo(9);
        assertThat(readAll(use, series)).isEmpty();
        assertThat(use.latest().latest(series)).isEmpty();
        assertThat(use.page().page(series, 1, 10)).isEmpty();
        assertThat(use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(5))).isEmpty();
        assertThat(use.aggregateAll().aggregateAll(Fixtures.BASE, Fixtures.NOW, minutes(5))).isEmpty();
        assertThat(use.describe().describe().readings()).isZero();
        assertThat(use.describe().describe().buckets()).isZero();
        assertThat(use.describe().describe().series()).isZero();
    }

    @Test
    default void deleteSeriesLeavesSeriesWithSimilarIdsUntouched() {
        // given
        UseCases use = useCases(store());
        String prefix = Fixtures.freshPrefix("del");
        SeriesId series = new SeriesId(prefix + "a.b");
        List<SeriesId> others = List.of(new SeriesId(prefix + "a.b4"), new SeriesId(prefix + "a.b_4"),
                new SeriesId(prefix + "axb"));
        ingest(use, readings(series, 3));
        for (SeriesId other : others) {
            ingest(use, readings(other, 4));
        }

        // when
        long deleted = use.delete().delete(series);

        // then
        assertThat(deleted).isEqualTo(3);
        for (SeriesId other : others) {
            assertThat(readAll(use, other)).as("readings of %s", other).containsExactlyElementsOf(readings(other, 4));
        }
        assertThat(use.describe().describe().readings()).isEqualTo(12);
        assertThat(use.describe().describe().series()).isEqualTo(3);
    }

    @Test
    default void deletingAnUnknownSeriesRemovesNothing() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("del");
        ingest(use, readings(series, 2));

        // when
        long deleted = use.delete().delete(freshSeries("del"));

        // then
        assertThat(deleted).isZero();
        assertThat(readAll(use, series)).hasSize(2);
    }

    @Test
    default void deletedSeriesCanBeWrittenAgain() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("del");
        ingest(use, readings(series, 5));
        use.delete().delete(series);

        // when: the same identities again
        IngestReport report = ingest(use, readings(series, 5));

        // then: they are new, not duplicates
        assertThat(report.accepted()).isEqualTo(5);
        assertThat(report.duplicates()).isZero();
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings(series, 5));
    }

    private static List<Reading> readings(SeriesId series, int count) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(value(series, at(minutes(25L * i)), i));
        }
        return readings;
    }
}
