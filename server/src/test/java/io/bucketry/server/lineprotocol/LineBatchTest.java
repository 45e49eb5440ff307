package io.bucketry.server.lineprotocol;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RejectionReason;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A body's lines as the ingest use case's entries: refused lines included, so its report is the whole answer. */
class LineBatchTest {

    private static final Instant TIME = Instant.parse("2026-07-21T23:00:00Z");

    @Test
    void refusedLinesAreEntriesOfTheBatchAndTheReportOnlyNumbersItsRejectionsByLine() {
        // given: line 1 a reading, line 3 unparseable, line 4 a tag set whose id line 1's took
        LineBatch batch = new LineBatch(10);
        batch.reading(1, new SeriesKey("m.a", "m,host=a", "m", Map.of("host", "a")), TIME, Map.of("v", 1.0));
        batch.rejected(3, "m", "x", RejectionReason.INVALID_TIME, "timestamp 'x' is not an integer");
        batch.reading(4, new SeriesKey("m.a", "m,site=a", "m", Map.of("site", "a")), TIME, Map.of("v", 2.0));

        // when
        List<ReadingInput> inputs = batch.inputs();
        try (InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults())) {
            UseCases use = UseCases.over(store, ApplicationSettings.defaults(), Clock.fixed(TIME, ZoneOffset.UTC));
            IngestReport report = use.ingest().ingest(inputs);
            LineBatch.LineReport lines = batch.report(report);

            // then: the use case's report names both refused lines, which come back at their line numbers
            assertThat(report.rejected()).extracting(IngestReport.Rejection::index).containsExactly(1, 2);
            assertThat(lines.rejected()).extracting(LineBatch.LineRejection::line).containsExactly(3L, 4L);
            assertThat(lines.accepted()).isEqualTo(1);
        }

        // and: every line was an entry of the batch
        assertThat(inputs).hasSize(3);
        assertThat(inputs.get(0).refusal()).isNull();
        assertThat(inputs.get(1).refusal()).isEqualTo(
                new ReadingInput.Refusal(RejectionReason.INVALID_TIME, "timestamp 'x' is not an integer"));
        assertThat(inputs.get(2).refusal().reason()).isEqualTo(RejectionReason.INVALID_SERIES);
        assertThat(inputs.get(2).refusal().message()).contains("line 1");
    }
}
