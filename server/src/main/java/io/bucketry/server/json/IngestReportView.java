package io.bucketry.server.json;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.domain.RejectionReason;

import java.util.List;

/** An ingest report as JSON: accepted, duplicates, and each rejected reading with index, series, time, reason, message. */
public record IngestReportView(int accepted, int duplicates, List<Rejected> rejected) {

    /** The most characters of a sender's series or time echoed back; longer ones are cut and end in "…". */
    public static final int MAX_ECHO = 100;

    /** One refused reading; series and time are echoed as given (null when missing), cut to {@link #MAX_ECHO}. */
    public record Rejected(int index, String series, String time, String reason, String message) {
    }

    public static IngestReportView of(IngestReport report) {
        return new IngestReportView(report.accepted(), report.duplicates(), report.rejected().stream()
                .map(r -> new Rejected(r.index(), echo(r.series()), echo(r.time()), r.reason().name(), r.message()))
                .toList());
    }

    /** The report this view shows (a client reading a server's answer); a reason it does not know fails. */
    public IngestReport toReport() {
        return new IngestReport(accepted, duplicates, rejected.stream().map(r -> new IngestReport.Rejection(r.index(),
                r.series(), r.time(), RejectionReason.valueOf(r.reason()), r.message())).toList());
    }

    private static String echo(String given) {
        return given == null || given.length() <= MAX_ECHO ? given : given.substring(0, MAX_ECHO) + "…";
    }
}
