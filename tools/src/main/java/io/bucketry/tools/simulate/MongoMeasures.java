package io.bucketry.tools.simulate;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.tools.simulate.SimulationReport.MongoView;

/**
 * The report's {@code mongo} section: the store's own write counters (a driver CommandListener)
 * taken before and after the ingest phase, so only ingest's commands count, and its statistics.
 */
final class MongoMeasures {

    private MongoMeasures() {
    }

    /**
     * @param readings readings submitted during the ingest phase
     * @param writesOwnBuckets true where each write statement is meant to update one bucket of the
     *                         policy (mongo-bucket); otherwise statements per bucket are not reported
     * @param embeddedServer the store writes to the embedded test server
     */
    static MongoView of(WriteMetrics before, WriteMetrics after, long readings, StorageStatistics storage,
                        boolean writesOwnBuckets, boolean embeddedServer) {
        return of(before, after, readings, storage, writesOwnBuckets, embeddedServer, null);
    }

    /** @param sealed mongo-bucket's sealed layout: the sealed documents and what sealing sent (null otherwise) */
    static MongoView of(WriteMetrics before, WriteMetrics after, long readings, StorageStatistics storage,
                        boolean writesOwnBuckets, boolean embeddedServer, SimulationReport.SealedView sealed) {
        long commands = after.writeCommands() - before.writeCommands();
        long statements = after.writeStatements() - before.writeStatements();
        long buckets = after.bucketsTouched() - before.bucketsTouched();
        Double perBucket = writesOwnBuckets && buckets > 0
                ? SimulationReport.round((double) statements / buckets, 3) : null;
        Double bytes = storage.avgBucketBytes() == null || storage.readings() == 0 ? null
                : SimulationReport.round(storage.avgBucketBytes() * storage.buckets() / storage.readings(), 1);
        return new MongoView(per1000(commands, readings), perBucket, bytes, commands, statements, buckets, embeddedServer,
                sealed);
    }

    static double per1000(long commands, long readings) {
        return readings == 0 ? 0 : SimulationReport.round(commands * 1000.0 / readings, 3);
    }
}
