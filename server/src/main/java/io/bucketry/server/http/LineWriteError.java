package io.bucketry.server.http;

import io.bucketry.server.lineprotocol.LineBatch;

import java.util.List;

/**
 * The 400 body of a partial line-protocol write: Bucketry's {@code error}/{@code message}, InfluxDB 2's
 * {@code code} ({@code "invalid"}), the counts, and each refused line with its number and reason.
 */
record LineWriteError(String error, String code, String message, int accepted, int duplicates, List<Line> rejected) {

    /** One refused line; series and time echo its text (null when missing or not reached). */
    record Line(long line, String series, String time, String reason, String message) {
    }

    static LineWriteError of(LineBatch.LineReport report) {
        List<Line> lines = report.rejected().stream()
                .map(r -> new Line(r.line(), r.series(), r.time(), r.reason().name(), r.message())).toList();
        Line first = lines.get(0);
        String message = "partial write: " + lines.size() + " line" + (lines.size() == 1 ? "" : "s") + " refused, "
                + report.accepted() + " stored, " + report.duplicates() + " duplicate" + (report.duplicates() == 1 ? "" : "s")
                + "; line " + first.line() + ": " + first.message();
        return new LineWriteError("PARTIAL_WRITE", "invalid", message, report.accepted(), report.duplicates(), lines);
    }
}
