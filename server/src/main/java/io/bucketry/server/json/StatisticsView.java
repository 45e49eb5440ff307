package io.bucketry.server.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.application.port.out.StorageStatistics;

/** Storage statistics as JSON (the keys of {@code GET /v1/stats}); {@code avgBucketBytes} is null where not measurable. */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StatisticsView(String backend, long series, long readings, long buckets, double avgReadingsPerBucket,
                             long maxReadingsPerBucket, Double avgBucketBytes, double documentReduction) {

    public static StatisticsView of(StorageStatistics s) {
        return new StatisticsView(s.backend(), s.series(), s.readings(), s.buckets(), s.avgReadingsPerBucket(),
                s.maxReadingsPerBucket(), s.avgBucketBytes(), s.documentReduction());
    }
}
