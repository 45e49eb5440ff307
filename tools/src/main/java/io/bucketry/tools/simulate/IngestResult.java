package io.bucketry.tools.simulate;

/**
 * What the ingest phase measured: readings submitted, their outcome, and the time spent in the ingest use case:
 * wall time, and the process's CPU time during those calls ({@code cpuNanos}, every thread: ingest parts, GC,
 * JIT; negative where the JVM cannot tell). That clock may tick coarser than one ingest call: summed over
 * many calls it is right on average, while a run of a few short calls may read 0.
 */
record IngestResult(long readings, long accepted, long duplicates, long rejected, long nanos, long cpuNanos) {

    double seconds() {
        return nanos / 1e9;
    }

    double readingsPerSecond() {
        return perSecond(readings, nanos);
    }

    /** Process CPU nanoseconds per submitted reading during the ingest calls, or null where not measurable. */
    Double cpuNanosPerReading() {
        return cpuNanos < 0 || readings == 0 ? null : cpuNanos / (double) readings;
    }

    /** The ingest rate, the one measure of the report and the progress: readings per second inside the use case. */
    static double perSecond(long readings, long nanos) {
        return nanos == 0 ? 0 : readings / (nanos / 1e9);
    }
}
