package io.bucketry.tools.simulate;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SubWindows;

import java.util.OptionalLong;

/** The write cost of sub-window summaries in a simulate run, from the in-memory store's accounting (null: none measured). */
final class SubWindowMeasures {

    private SubWindowMeasures() {
    }

    static SimulationReport.SubWindowView of(Bucketry bucketry, StorageStatistics statistics) {
        SubWindows subWindows = bucketry.config().bucketPolicyValue() instanceof BucketPolicy.Windowed windowed
                ? windowed.subWindows() : SubWindows.off();
        OptionalLong heap = bucketry.unwrap(InMemoryReadingStore.class)
                .map(store -> OptionalLong.of(store.subWindowHeapBytes())).orElse(OptionalLong.empty());
        if (!subWindows.isOn() || heap.isEmpty() || statistics.buckets() == 0 || statistics.avgBucketBytes() == null) {
            return null;
        }
        double perBucket = heap.getAsLong() / (double) statistics.buckets();
        double bucketBytes = statistics.avgBucketBytes();
        return new SimulationReport.SubWindowView(subWindows.toString(), SimulationReport.round(perBucket, 1),
                SimulationReport.round(heap.getAsLong() / (double) statistics.readings(), 2),
                SimulationReport.round(bucketBytes, 1), SimulationReport.round(bucketBytes - perBucket, 1));
    }
}
