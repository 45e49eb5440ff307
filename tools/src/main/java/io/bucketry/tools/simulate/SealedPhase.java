package io.bucketry.tools.simulate;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.tools.simulate.SimulationReport.SealedView;
import io.bucketry.bootstrap.wiring.SealingSource;

import java.io.PrintStream;

/**
 * After ingest, for mongo-bucket's sealed layout: seals every window ended {@code sealAfter} ago
 * (the background sweep may have sealed some during ingest), then measures the sealed documents
 * and what sealing sent in all, so that the dashboard and alerting queries run on sealed windows.
 */
final class SealedPhase {

    private SealedPhase() {
    }

    static SealedView run(SealingSource sealing, long readings, PrintStream progress) {
        progress.println("bucketry: sealing every window ended sealAfter ago (mongo-bucket layout sealed)");
        long started = System.nanoTime();
        sealing.sealNow();
        double seconds = (System.nanoTime() - started) / 1e9;
        WriteMetrics sent = sealing.sealingMetrics();
        StorageStatistics sealed = sealing.sealedStatistics();
        Double bytes = sealed.avgBucketBytes() == null || sealed.readings() == 0 ? null
                : SimulationReport.round(sealed.avgBucketBytes() * sealed.buckets() / sealed.readings(), 2);
        return new SealedView(sealed.buckets(), sealed.readings(), bytes, MongoMeasures.per1000(sent.writeCommands(), readings),
                sent.writeCommands(), sent.writeStatements(), sent.bucketsTouched(), SimulationReport.round(seconds, 3));
    }
}
