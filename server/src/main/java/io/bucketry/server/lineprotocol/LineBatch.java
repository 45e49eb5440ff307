package io.bucketry.server.lineprotocol;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.RejectionReason;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the parsed lines of one body as {@link ReadingInput}s for the ingest use case, refusing
 * a line whose tag set maps to a series id another tag set of the body already took, and more
 * lines than the batch limit (BATCH_TOO_LARGE, as the JSON ingest refuses a large array).
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
    private final List<Long> lineOfInput = new ArrayList<>();
    private final List<LineRejection> refused = new ArrayList<>();
    private final Map<String, String> tagSetOfId = new HashMap<>();
    private final Map<String, Long> firstLineOfId = new HashMap<>();
    private int lines;

    public LineBatch(int maxBatchSize) {
        this.maxBatchSize = maxBatchSize;
    }

    @Override
    public void reading(long line, SeriesKey series, Instant time, Map<String, Object> fields) {
        count();
        String taken = tagSetOfId.putIfAbsent(series.id(), series.tagSet());
        if (taken == null) {
            firstLineOfId.put(series.id(), line);
        } else if (!taken.equals(series.tagSet())) {
            refused.add(new LineRejection(line, series.tagSet(), String.valueOf(time), RejectionReason.INVALID_SERIES,
                    "series id '" + series.id() + "' of " + series.tagSet() + " is already the id of " + taken
                            + " (line " + firstLineOfId.get(series.id()) + "); tag sets that map to one id are refused"));
            return;
        }
        inputs.add(new ReadingInput(series.id(), time, fields));
        lineOfInput.add(line);
    }

    @Override
    public void rejected(long line, String series, String time, RejectionReason reason, String message) {
        count();
        refused.add(new LineRejection(line, series, time, reason, message));
    }

    private void count() {
        if (++lines > maxBatchSize) {
            throw new InvalidRequestException("BATCH_TOO_LARGE", "a body of more than " + maxBatchSize
                    + " lines is larger than the maximum batch of " + maxBatchSize + "; split it into smaller writes");
        }
    }

    /** The readings to hand to the ingest use case, in line order. */
    public List<ReadingInput> inputs() {
        return inputs;
    }

    /** The outcome of the body given the use case's report on {@link #inputs()}. */
    public LineReport report(IngestReport report) {
        List<LineRejection> rejected = new ArrayList<>(refused);
        for (IngestReport.Rejection r : report.rejected()) {
            rejected.add(new LineRejection(lineOfInput.get(r.index()), r.series(), r.time(), r.reason(), r.message()));
        }
        rejected.sort(Comparator.comparingLong(LineRejection::line));
        return new LineReport(report.accepted(), report.duplicates(), rejected);
    }
}
