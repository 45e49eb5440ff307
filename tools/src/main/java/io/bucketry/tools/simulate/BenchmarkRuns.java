package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.Backend;

/**
 * How many times simulate runs its queries, per backend. A Mongo query is a server round trip (and
 * on the embedded test server a scan of the whole collection), so Mongo backends run fewer.
 *
 * @param note what the human report says about these counts (empty for the reference counts)
 */
record BenchmarkRuns(int dashboardWarmUp, int dashboardRuns, int alertingRuns, int groupedRuns, String note) {

    static BenchmarkRuns of(Backend backend) {
        return switch (backend) {
            case INMEMORY -> new BenchmarkRuns(2_000, 5_000, 5, 31, "");
            case MONGO_BUCKET, MONGO_TIMESERIES -> new BenchmarkRuns(50, 200, 3, 3,
                    "; fewer runs than inmemory's 5,000 because each " + backend + " query is a server round trip");
        };
    }
}
