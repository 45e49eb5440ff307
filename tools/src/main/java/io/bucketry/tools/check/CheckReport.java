package io.bucketry.tools.check;

import io.bucketry.tools.check.Outcome.Status;

import java.io.PrintStream;
import java.util.List;

/**
 * What {@code bucketry check} found; serialised as the one JSON object of {@code --json}.
 *
 * @param server version of the server binary
 * @param featureCompatibilityVersion null when the server refused to tell, see {@code fcvNote}
 * @param database the scratch database the checks ran in
 * @param kept whether the scratch database was kept ({@code --keep})
 */
public record CheckReport(String backend, String uri, boolean embeddedServer, String server,
                          String featureCompatibilityVersion, String fcvNote, String database, boolean kept,
                          List<Result> checks, long passed, long failed, long skipped) {

    /** One check's line. */
    public record Result(String name, Status status, String detail) {

        /** {@code PASS name - detail}. */
        public String line() {
            return status + " " + name + (detail.isEmpty() ? "" : " - " + detail);
        }
    }

    public static CheckReport of(String backend, String uri, boolean embeddedServer, String server, String fcv, String fcvNote,
                                 String database, boolean kept, List<Result> checks) {
        return new CheckReport(backend, uri, embeddedServer, server, fcv, fcvNote, database, kept, List.copyOf(checks),
                count(checks, Status.PASS), count(checks, Status.FAIL), count(checks, Status.SKIP));
    }

    /** The header lines: what was checked, where. */
    public static void printHeader(PrintStream out, String backend, String uri, boolean embedded, String server, String fcv,
                                   String fcvNote, String database) {
        out.println("bucketry check - backend " + backend + " on " + uri + (embedded ? " (the embedded TEST server)" : ""));
        out.println("server " + server + ", FCV " + (fcv == null ? "unknown (" + fcvNote + ")" : fcv));
        out.println("scratch database " + database);
    }

    /** {@code N passed, N failed, N skipped}. */
    public String summary() {
        return passed + " passed, " + failed + " failed, " + skipped + " skipped";
    }

    /** 0 when nothing failed, otherwise 1. */
    public int exitCode() {
        return failed == 0 ? 0 : 1;
    }

    private static long count(List<Result> checks, Status status) {
        return checks.stream().filter(result -> result.status() == status).count();
    }
}
