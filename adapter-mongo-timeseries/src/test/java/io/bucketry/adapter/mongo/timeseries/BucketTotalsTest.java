package io.bucketry.adapter.mongo.timeseries;

import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** $collStats on a sharded collection answers one document per shard; the store sums them. */
class BucketTotalsTest {

    @Test
    void bucketsOfAllShardsAreSummedAndTheirAverageSizeWeighted() {
        // given: three shards, one of them without time-series statistics (it holds no chunk)
        List<Document> perShard = List.of(shard("s0", 300, 1_000.0), shard("s1", 100, 2_000.0),
                new Document("shard", "s2").append("storageStats", new Document("count", 0)));

        // when
        BucketTotals totals = BucketTotals.sum(perShard);

        // then: (300 * 1000 + 100 * 2000) / 400
        assertThat(totals.buckets()).isEqualTo(400);
        assertThat(totals.avgBucketBytes()).isCloseTo(1_250.0, within(1e-9));
    }

    @Test
    void oneUnshardedDocumentIsTakenAsItIs() {
        assertThat(BucketTotals.sum(List.of(shard(null, 7, 512.0)))).isEqualTo(new BucketTotals(7, 512.0));
    }

    @Test
    void noBucketsAndNoSizeMeanZeroAndUnknown() {
        assertThat(BucketTotals.sum(List.of())).isEqualTo(new BucketTotals(0, null));
        assertThat(BucketTotals.sum(List.of(new Document("storageStats", new Document("timeseries",
                new Document("bucketCount", 3)))))).isEqualTo(new BucketTotals(3, null));
    }

    private static Document shard(String name, long buckets, double avgBucketSize) {
        Document document = new Document("storageStats", new Document("timeseries",
                new Document("bucketCount", buckets).append("avgBucketSize", avgBucketSize)));
        return name == null ? document : document.append("shard", name);
    }
}
