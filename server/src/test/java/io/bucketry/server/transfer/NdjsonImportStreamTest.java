package io.bucketry.server.transfer;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An import streams its input: batches are stored as read, and input with no line end stops it at once (issue 36 item 6b). */
class NdjsonImportStreamTest {

    /** Far more than one line may take: reaching it means the import read on instead of stopping. */
    private static final long READ_BOUND = 4L * NdjsonRecords.MAX_LINE;

    private final List<List<ReadingInput>> stored = new ArrayList<>();
    private final IngestReadingsUseCase ingest = batch -> {
        stored.add(List.copyOf(batch));
        return new IngestReport(batch.size(), 0, List.of());
    };

    private static String line(int minute) {
        return "{\"series\":\"s\",\"time\":\"2026-01-01T00:" + String.format("%02d", minute) + ":00Z\",\"fields\":{\"v\":" + minute + "}}\n";
    }

    @Test
    void anEndlessStreamWithoutLineEndsIsRefusedAfterOneLineLimitAndTheLinesBeforeItAreStored() {
        // given: two readings, then zeros without end (as /dev/zero)
        Endless zeros = new Endless(new byte[]{0});
        InputStream in = new SequenceInputStream(new ByteArrayInputStream((line(0) + line(1)).getBytes(StandardCharsets.UTF_8)), zeros);

        // when / then
        assertThatThrownBy(() -> new Import(ingest, 100).run(ExportFormat.NDJSON, in, rejection -> { }, lines -> { }))
                .isInstanceOf(InputStopsException.class)
                .hasMessage("line 3 has no line end within 1,048,576 bytes, far more than a reading: the input is not"
                        + " NDJSON (one reading per line, as export writes); stopped there, after 2 lines: 2 stored,"
                        + " 0 duplicates, 0 rejected");
        assertThat(zeros.read).isLessThanOrEqualTo(NdjsonRecords.MAX_LINE + Lines.CHUNK);
        assertThat(stored).singleElement().asList().hasSize(2);
    }

    @Test
    void anEndlessStreamOfReadingsIsStoredBatchByBatchAsItIsRead() {
        // given: readings without end, and an ingest that stops the import at its third batch
        Endless readings = new Endless(line(7).getBytes(StandardCharsets.UTF_8));
        IngestReadingsUseCase stopping = batch -> {
            stored.add(List.copyOf(batch));
            if (stored.size() == 3) {
                throw new IllegalStateException("enough");
            }
            return new IngestReport(batch.size(), 0, List.of());
        };

        // when
        assertThatThrownBy(() -> new Import(stopping, 10).run(ExportFormat.NDJSON, readings, rejection -> { }, lines -> { }))
                .hasMessage("enough");

        // then: three batches of ten were stored while the input had not ended
        assertThat(stored).hasSize(3).allSatisfy(batch -> assertThat(batch).hasSize(10));
        assertThat(readings.read).isLessThan(READ_BOUND);
    }

    /** The same bytes over and over; fails the test rather than read past {@link #READ_BOUND}. */
    private static final class Endless extends InputStream {
        private final byte[] pattern;
        long read;

        Endless(byte[] pattern) {
            this.pattern = pattern;
        }

        @Override
        public int read() {
            if (read >= READ_BOUND) {
                throw new AssertionError("read " + read + " bytes of an endless stream");
            }
            return pattern[(int) (read++ % pattern.length)] & 0xff;
        }
    }
}
