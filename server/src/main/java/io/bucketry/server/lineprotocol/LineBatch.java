package io.bucketry.server.lineprotocol;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.domain.RejectionReason;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the lines of one body as {@link ReadingInput}s for the ingest use case, in line order: a
 * line that does not parse, or whose tag set maps to a series id another tag set of the body already
 * took, as a {@link ReadingInput#refused refused} input, so that the use case's report names every
 * refused line; more lines than the batch limit are refused whole (BATCH_TOO_LARGE, as the JSON
 * ingest refuses a large array).
 */
public final class LineBatch implements LineSink {

    /** One refused line: its number, the series and time as written, the reason and message. */
    public record LineRejection(long line, String series, String time, RejectionReason reason, String message) {
    }

    /** What became of a body: readings stored, duplicates, and each refused line in line order. */
    public record LineReport(int accepted, int duplicates, List<LineRejection> rejected) {
    }

    private final int maxBatchSize;
    private final List<ReadingInput> inputs = new ArrayList<>();
    private long[] lineOfInput = new long[64];
    private final Map<String, String> tagSetOfId = new HashMap<>();
    private final Map<String, Long> firstLineOfId = new HashMap<>();
    private int lines;

    public LineBatch(int maxBatchSize) {
        this.maxBatchSize = maxBatchSize;
    }

    @Override
    public void reading(long line, SeriesKey series, Instant time, Map<String, ?> fields) {
        count();
        String taken = tagSetOfId.putIfAbsent(series.id(), series.tagSet());
        if (taken == null) {
            firstLineOfId.put(series.id(), line);
        } else if (!taken.equals(series.tagSet())) {
            add(line, ReadingInput.refused(series.tagSet(), time == null ? null : time.toString(),
                    RejectionReason.INVALID_SERIES,
                    "series id '" + series.id() + "' of " + series.tagSet() + " is already the id of " + taken
                            + " (line " + firstLineOfId.get(series.id()) + "); tag sets that map to one id are refused"));
            return;
        }
        // a line states its whole tag set: no tags is {} (none), never "the series' latest"
        add(line, new ReadingInput(series.id(), time == null ? TimeInput.AT_INGEST : time, fields, series.tags(),
                series.measurement()));
    }

    @Override
    public void rejected(long line, String series, String time, RejectionReason reason, String message) {
        count();
        add(line, ReadingInput.refused(series, time, reason, message));
    }

    private void add(long line, ReadingInput input) {
        if (inputs.size() == lineOfInput.length) {
            lineOfInput = Arrays.copyOf(lineOfInput, lineOfInput.length * 2);
        }
        lineOfInput[inputs.size()] = line;
        inputs.add(input);
    }

    private void count() {
        if (++lines > maxBatchSize) {
            throw new InvalidRequestException("BATCH_TOO_LARGE", "a body of more than " + maxBatchSize
                    + " lines is larger than the maximum batch of " + maxBatchSize + "; split it into smaller writes");
        }
    }

    /** The entries to hand to the ingest use case, one per line in line order, refused ones included. */
    public List<ReadingInput> inputs() {
        return inputs;
    }

    /** The use case's report on {@link #inputs()}, each rejection at its line number instead of its index. */
    public LineReport report(IngestReport report) {
        List<LineRejection> rejected = new ArrayList<>(report.rejected().size());
        for (IngestReport.Rejection r : report.rejected()) {
            rejected.add(new LineRejection(lineOfInput[r.index()], r.series(), r.time(), r.reason(), r.message()));
        }
        return new LineReport(report.accepted(), report.duplicates(), rejected);
    }
}
