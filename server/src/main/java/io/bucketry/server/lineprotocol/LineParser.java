package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;

/**
 * A hand-written, streaming parser of the InfluxDB line protocol
 * ({@code measurement[,tag=value…] field=value[,…] [timestamp]}, {@code #} comments, blank lines):
 * each line goes to a {@link LineSink} as a reading or as a rejection with its line number.
 */
public final class LineParser {

    static final int DONE = 0;
    static final int NEED_MORE = 1;
    private static final int CACHE_LIMIT = 1 << 17;

    private final SeriesIdRule rule;
    private final Precision precision;
    private final Instant now;
    private final LineSink sink;
    private final ByteKeyCache<SeriesKey> seriesCache = new ByteKeyCache<>(CACHE_LIMIT);
    private final ByteKeyCache<String> nameCache = new ByteKeyCache<>(1024);
    private final LineFields fields = new LineFields();

    /**
     * A parser reading timestamps in {@code precision}, giving lines without one the time {@code now}
     * (null: the sink gets a null time, for the ingest to give such lines its own instant).
     */
    public LineParser(SeriesIdRule rule, Precision precision, Instant now, LineSink sink) {
        this.rule = rule;
        this.precision = precision;
        this.now = now;
        this.sink = sink;
    }

    /** Parses every line of {@code in} into the sink, holding one line (and a read buffer) at a time. */
    public void parse(InputStream in) throws IOException {
        LineReader.read(in, this);
    }

    /** Parses {@code b[start, end)} (no newline) as line {@code line}; NEED_MORE if it ends inside a quoted string. */
    int parse(byte[] b, int start, int end, long line, boolean last) {
        int i = Escapes.skipBlanks(b, start, end);
        if (i == end || b[i] == '#') {
            return DONE;
        }
        int keyStart = i;
        int keyEnd = -1;
        String time = null;
        try {
            keyEnd = Escapes.seriesKeyEnd(b, i, end);
            SeriesKey series = series(b, keyStart, keyEnd);
            i = Escapes.skipBlanks(b, keyEnd, end);
            if (i == end) {
                throw new LineError(RejectionReason.NO_FIELDS, "the line has no fields after its measurement and tags");
            }
            fields.clear();
            i = fields(b, i, end, last);
            if (i < 0) {
                return NEED_MORE;
            }
            int t = Escapes.skipBlanks(b, i, end);
            int tEnd = Escapes.tokenEnd(b, t, end);
            time = t == end ? null : FieldValues.text(b, t, tEnd);
            if (Escapes.skipBlanks(b, tEnd, end) != end) {
                throw new LineError(RejectionReason.INVALID_TIME, "unexpected text after the timestamp: "
                        + FieldValues.text(b, Escapes.skipBlanks(b, tEnd, end), end));
            }
            sink.reading(line, series, t == end ? now : Timestamps.instant(b, t, tEnd, precision), fields.take());
        } catch (LineError e) {
            String series = keyEnd < 0 ? FieldValues.text(b, keyStart, Escapes.tokenEnd(b, keyStart, end))
                    : FieldValues.text(b, keyStart, keyEnd);
            sink.rejected(line, series, time, e.reason(), e.getMessage());
        }
        return DONE;
    }

    private SeriesKey series(byte[] b, int s, int e) {
        return seriesCache.get(b, s, e, () -> SeriesKeys.parse(b, s, e, rule));
    }

    /** Reads the field set from {@code i}; its end, or -1 when a quoted string runs past {@code e} and more may follow. */
    private int fields(byte[] b, int i, int e, boolean last) {
        while (true) {
            int eq = Escapes.keyEnd(b, i, e);
            if (eq == e || b[eq] != '=') {
                throw new LineError(RejectionReason.INVALID_FIELD_NAME, "field " + FieldValues.text(b, i, eq)
                        + " has no =value");
            }
            if (eq == i) {
                throw new LineError(RejectionReason.INVALID_FIELD_NAME, "a field name is empty");
            }
            String name = name(b, i, eq);
            int v = eq + 1;
            int end;
            if (v < e && b[v] == '"') {
                end = Escapes.quoteEnd(b, v + 1, e);
                if (end == e) {
                    if (!last) {
                        return -1;
                    }
                    throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": the string is not closed");
                }
                fields.text(name, Escapes.unquote(b, v + 1, end, name));
                end++;
            } else {
                end = Escapes.valueEnd(b, v, e);
                if (end == v) {
                    throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + " has no value");
                }
                fields.number(name, FieldValues.value(b, v, end, name));
            }
            if (end == e || b[end] == ' ' || b[end] == '\t') {
                return end;
            }
            if (b[end] != ',') {
                throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + name + ": unexpected text after the string: "
                        + FieldValues.text(b, end, Escapes.tokenEnd(b, end, e)));
            }
            i = end + 1;
        }
    }

    private String name(byte[] b, int s, int e) {
        return nameCache.get(b, s, e, () -> FieldNames.of(Escapes.unescape(b, s, e, true)));
    }
}
