package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.fields;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.input;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.reading;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: a reading is identified by (series, time); the first stored one wins, duplicates are counted. */
public interface DuplicatesContract extends ContractSupport {

    @Test
    default void duplicateAcrossBatchesKeepsTheFirstReading() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("dup");
        Reading first = reading(series, at(minutes(3)), "temperature", 20.5, "status", "OK");
        ingest(use, List.of(first));

        // when: the same identity with other values
        IngestReport report = ingest(use, List.of(reading(series, at(minutes(3)), "temperature", 99.0)));

        // then
        assertThat(report.accepted()).isZero();
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(readAll(use, series)).containsExactly(first);
    }

    @Test
    default void duplicateWithinOneBatchKeepsTheEarlierReading() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("dup");
        Reading earlier = value(series, at(minutes(4)), 1);
        Reading other = value(series, at(minutes(5)), 2);

        // when
        IngestReport report = ingest(use, List.of(earlier, other, value(series, at(minutes(4)), 3)));

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(readAll(use, series)).containsExactly(earlier, other);
    }

    @Test
    default void timesEqualAfterMillisecondTruncationAreDuplicates() {
        // given: one millisecond written as an Instant with nanoseconds, ISO text with microseconds, epoch millis
        UseCases use = useCases(store());
        SeriesId series = freshSeries("dup");
        Instant millisecond = at(minutes(6)).plusMillis(123);
        List<ReadingInput> batch = List.of(
                new ReadingInput(series.value(), millisecond.plusNanos(456_789), fields("value", 1)),
                new ReadingInput(series.value(), millisecond.plusNanos(999_000).toString(), fields("value", 2)),
                new ReadingInput(series.value(), millisecond.toEpochMilli(), fields("value", 3)));

        // when
        IngestReport first = use.ingest().ingest(batch.subList(0, 2));
        IngestReport second = use.ingest().ingest(batch.subList(2, 3));

        // then
        assertThat(first.accepted()).isEqualTo(1);
        assertThat(first.duplicates() + second.duplicates()).isEqualTo(2);
        assertThat(readAll(use, series)).containsExactly(value(series, millisecond, 1));
    }

    @Test
    default void retriedBatchStoresNothingTwice() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("dup");
        List<Reading> batch = List.of(value(series, at(minutes(1)), 1), value(series, at(minutes(61)), 2),
                value(series, at(minutes(2)), 3));
        ingest(use, batch);

        // when
        IngestReport retry = ingest(use, batch);

        // then
        assertThat(retry.accepted()).isZero();
        assertThat(retry.duplicates()).isEqualTo(3);
        assertThat(readAll(use, series)).hasSize(3);
        assertThat(use.describe().describe().readings()).isEqualTo(3);
    }

    @Test
    default void duplicateOfAReadingInAFullBucketIsStillDetected() {
        // given: a window spread over three buckets of two readings
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)));
        SeriesId series = freshSeries("dup");
        List<Reading> readings = List.of(value(series, at(minutes(10)), 1), value(series, at(minutes(20)), 2),
                value(series, at(minutes(30)), 3), value(series, at(minutes(40)), 4), value(series, at(minutes(50)), 5));
        ingest(use, readings);

        // when: every reading again, with other values, in another order
        IngestReport report = use.ingest().ingest(List.of(input(value(series, at(minutes(50)), 0)),
                input(value(series, at(minutes(10)), 0)), input(value(series, at(minutes(30)), 0)),
                input(value(series, at(minutes(20)), 0)), input(value(series, at(minutes(40)), 0))));

        // then
        assertThat(report.accepted()).isZero();
        assertThat(report.duplicates()).isEqualTo(5);
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings);
    }

    @Test
    default void sameTimeInAnotherSeriesIsNotADuplicate() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("dup");
        SeriesId longer = new SeriesId(series.value() + "0");

        // when
        IngestReport report = ingest(use, List.of(value(series, at(minutes(8)), 1), value(longer, at(minutes(8)), 2)));

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.duplicates()).isZero();
        assertThat(readAll(use, series)).containsExactly(value(series, at(minutes(8)), 1));
        assertThat(readAll(use, longer)).containsExactly(value(longer, at(minutes(8)), 2));
    }
}
