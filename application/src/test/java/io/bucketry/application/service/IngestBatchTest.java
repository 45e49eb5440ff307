package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** A batch as a whole: mixed valid and invalid readings, its size limit, and duplicates within it. */
class IngestBatchTest {

    private final ServiceFixture fixture = new ServiceFixture();
    private final SeriesId series = Fixtures.freshSeries("batch");

    @Test
    void validReadingsOfAMixedBatchAreStoredAndEachInvalidOneIsReported() {
        // given
        List<ReadingInput> batch = List.of(input(1, 1.0), new ReadingInput("bad id", at(2), Map.of("v", 2)),
                input(3, 3.0), new ReadingInput(series.value(), "soon", Map.of("v", 4)), input(5, 5.0));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(3);
        assertThat(report.duplicates()).isZero();
        assertThat(report.rejected()).extracting(Rejection::index, Rejection::reason, Rejection::series, Rejection::time)
                .containsExactly(tuple(1, RejectionReason.INVALID_SERIES, "bad id", at(2).toString()),
                        tuple(3, RejectionReason.INVALID_TIME, series.value(), "soon"));
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(Reading::time)
                .containsExactly(at(1), at(3), at(5));
    }

    @Test
    void anEntryItsAdapterRefusedIsReportedAtItsIndexWithTheAdaptersReasonAndTheOthersAreStored() {
        // given: the second entry is JSON an adapter could not read as a reading
        List<ReadingInput> batch = List.of(input(1, 1.0),
                ReadingInput.refused(series.value(), "[1]", RejectionReason.INVALID_TIME, "time is a JSON array"),
                input(3, 3.0));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then: the report is complete as the use case gives it
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.rejected()).containsExactly(
                new Rejection(1, series.value(), "[1]", RejectionReason.INVALID_TIME, "time is a JSON array"));
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(Reading::time).containsExactly(at(1), at(3));
    }

    @Test
    void aReadingSentWithoutATimeIsStoredAtTheIngestsInstantAndARejectedOneEchoesNoTime() {
        // given: the clock at a millisecond no other step would pick
        Instant instant = NOW.minusMillis(1234);
        fixture.clock.set(instant);
        List<ReadingInput> batch = List.of(ReadingInput.atIngestTime(series.value(), Map.of("v", 1.0)),
                ReadingInput.atIngestTime("bad id", Map.of("v", 2.0)));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(1);
        assertThat(report.rejected()).extracting(Rejection::index, Rejection::reason, Rejection::time)
                .containsExactly(tuple(1, RejectionReason.INVALID_SERIES, null));
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(Reading::time).containsExactly(instant);
    }

    @Test
    void batchOverTheMaximumIsRefusedWholeAndNothingIsStored() {
        // given: one reading more than the maximum of five
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i <= ServiceFixture.MAX_BATCH; i++) {
            batch.add(input(i, i));
        }

        // when / then
        assertRefused(() -> fixture.use.ingest().ingest(batch), "BATCH_TOO_LARGE");
        assertThat(fixture.use.describe().describe().readings()).isZero();
    }

    @Test
    void batchOfExactlyTheMaximumIsAccepted() {
        // given
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i < ServiceFixture.MAX_BATCH; i++) {
            batch.add(input(i, i));
        }

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(ServiceFixture.MAX_BATCH);
    }

    @Test
    void missingBatchIsRefused() {
        assertRefused(() -> fixture.use.ingest().ingest(null), "INVALID_BATCH");
    }

    @Test
    void missingReadingInABatchIsRejectedAtItsIndexWithoutStoppingTheOthers() {
        // given
        List<ReadingInput> batch = Arrays.asList(input(1, 1), null, input(2, 2));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.rejected()).extracting(Rejection::index).containsExactly(1);
        assertThat(report.rejected().get(0).message()).contains("missing");
    }

    @Test
    void earlierReadingOfABatchWinsOverALaterOneWithTheSameIdentity() {
        // given
        List<ReadingInput> batch = List.of(input(1, 10), input(1, 20), input(2, 30));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(r -> r.fields().number("v"))
                .containsExactly(10.0, 30.0);
    }

    @Test
    void batchOfOnlyInvalidReadingsStoresNothing() {
        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), at(1), Map.of())));

        // then
        assertThat(report.accepted()).isZero();
        assertThat(report.duplicates()).isZero();
        assertThat(report.rejected()).hasSize(1);
        assertThat(fixture.use.describe().describe().readings()).isZero();
    }

    private ReadingInput input(int minute, double value) {
        return new ReadingInput(series.value(), at(minute), Map.of("v", value));
    }

    private static Instant at(int minute) {
        return NOW.minus(Duration.ofHours(2)).plus(Duration.ofMinutes(minute));
    }
}
