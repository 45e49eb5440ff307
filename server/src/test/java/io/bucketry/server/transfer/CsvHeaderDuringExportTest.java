package io.bucketry.server.transfer;

import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.transfer.ReadingStream;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A CSV export whose selection gains a field between its header pass and its records (issue 36 item 6a). */
class CsvHeaderDuringExportTest {

    private static final SeriesId SERIES = new SeriesId("door");
    private static final Instant T0 = Instant.parse("2026-07-21T00:00:00Z");

    private final List<Reading> stored = new ArrayList<>(List.of(Reading.of("door", T0, Map.of("open", 1))));
    private final AtomicInteger reads = new AtomicInteger();
    /** Reads the stored readings; after the first read (the header pass) a reading with a new field is written. */
    private final ReadReadingsUseCase read = (series, bounds, limit) -> {
        List<Reading> answer = List.copyOf(stored);
        if (reads.incrementAndGet() == 1) {
            stored.add(Reading.of("door", T0.plusSeconds(60), Map.of("open", 0, "battery", 87)));
        }
        return answer;
    };
    private final ListSeriesUseCase list = (filter, prefix, after, limit) -> {
        throw new AssertionError("one series is selected by id");
    };

    @Test
    void aFieldFirstStoredAfterTheHeaderWasWrittenStopsTheExportInsteadOfBeingLeftOut() {
        // given: the header pass sees only 'open'; 'battery' is stored before the records are read
        Export export = new Export(new ReadingStream(read, list));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when / then
        assertThatThrownBy(() -> export.write(ExportSelection.of(SERIES, null, null), ExportFormat.CSV, out, n -> { }))
                .isInstanceOf(FieldAfterHeaderException.class)
                .hasMessage("field 'battery' of series 'door' at 2026-07-21T00:01:00Z was first stored while the CSV"
                        + " export ran, after its header was written, so the header has no column for it: the export"
                        + " stops here rather than leave it out. Export again (the header then has it), or export"
                        + " NDJSON, which has no header");
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("2026-07-21T00:01:00Z");
    }

    @Test
    void exportedAgainTheHeaderHasTheNewFieldAndEveryReadingIsWritten() throws Exception {
        // given: the field was stored by the time this export starts
        reads.set(1);
        stored.add(Reading.of("door", T0.plusSeconds(60), Map.of("open", 0, "battery", 87)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when
        long written = new Export(new ReadingStream(read, list)).write(ExportSelection.of(SERIES, null, null),
                ExportFormat.CSV, out, n -> { });

        // then
        assertThat(written).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("series,time,battery,open\r\n"
                + "door,2026-07-21T00:00:00Z,,1.0\r\ndoor,2026-07-21T00:01:00Z,87.0,0.0\r\n");
    }
    @Test
    void aTagKeyOrAMeasurementFirstStoredAfterTheHeaderWasWrittenStopsTheExportToo() {
        // given: the header pass sees 'door' untagged; a tagged reading, then one with a measurement, come after it
        List<Reading> later = List.of(
                Reading.of("door", T0.plusSeconds(60), Map.of("open", 0)).withMeta(SeriesMeta.of(Tags.of("floor", "2"))),
                Reading.of("door", T0.plusSeconds(60), Map.of("open", 0)).withMeta(new SeriesMeta("m", Tags.NONE)));
        for (Reading reading : later) {
            stored.subList(1, stored.size()).clear();
            reads.set(0);
            ReadReadingsUseCase tagging = (series, bounds, limit) -> {
                List<Reading> answer = List.copyOf(stored);
                if (reads.incrementAndGet() == 1) {
                    stored.add(reading);
                }
                return answer;
            };
            Export export = new Export(new ReadingStream(tagging, list));

            // when / then
            assertThatThrownBy(() -> export.write(ExportSelection.of(SERIES, null, null), ExportFormat.CSV,
                    new ByteArrayOutputStream(), n -> { }))
                    .isInstanceOf(FieldAfterHeaderException.class)
                    .hasMessageStartingWith((reading.meta().tags().isEmpty() ? "the measurement" : "tag 'floor'")
                            + " of series 'door' at 2026-07-21T00:01:00Z was first stored while the CSV export ran");
        }
    }
}
