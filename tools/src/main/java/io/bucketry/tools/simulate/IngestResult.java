package io.bucketry.tools.simulate;

/** What the ingest phase measured: readings submitted, their outcome, and the time spent in the ingest use case. */
record IngestResult(long readings, long accepted, long duplicates, long rejected, long nanos) {

    double seconds() {
        return nanos / 1e9;
    }

    double readingsPerSecond() {
        return perSecond(readings, nanos);
    }

    /** The ingest rate, the one measure of the report and the progress: readings per second inside the use case. */
    static double perSecond(long readings, long nanos) {
        return nanos == 0 ? 0 : readings / (nanos / 1e9);
    }
}
