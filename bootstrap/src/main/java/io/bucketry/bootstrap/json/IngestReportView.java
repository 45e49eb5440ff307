package io.bucketry.bootstrap.json;

import io.bucketry.application.port.in.IngestReport;

import java.util.List;

/** An ingest report as JSON: accepted, duplicates, and each rejected reading with index, series, time, reason, message. */
public record IngestReportView(int accepted, int duplicates, List<Rejected> rejected) {

    /** One refused reading; series and time are echoed as given (null when missing). */
    public record Rejected(int index, String series, String time, String reason, String message) {
    }

    public static IngestReportView of(IngestReport report) {
        return new IngestReportView(report.accepted(), report.duplicates(), report.rejected().stream()
                .map(r -> new Rejected(r.index(), r.series(), r.time(), r.reason().name(), r.message()))
                .toList());
    }
}
