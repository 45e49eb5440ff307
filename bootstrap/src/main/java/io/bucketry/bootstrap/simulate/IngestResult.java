package io.bucketry.bootstrap.simulate;

/** What the ingest phase measured: readings submitted, their outcome, and the time spent in the ingest use case. */
record IngestResult(long readings, long accepted, long duplicates, long rejected, long nanos) {

    double seconds() {
        return nanos / 1e9;
    }

    double readingsPerSecond() {
        return nanos == 0 ? 0 : readings / seconds();
    }
}
