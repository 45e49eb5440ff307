package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * What only a native collection shows (skipped in the embedded lane): the server buckets by the whole
 * metaField, so a series re-tagged within an hour continues in a bucket of its new tags.
 */
class TagBucketsRealServerTest {

    @Test
    void aSeriesRetaggedWithinAnHourContinuesInABucketOfItsNewTags() {
        MongoTestLane lane = MongoTestLane.get();
        assumeFalse(lane.isEmbedded(), MongoTestLane.embeddedReason("bucketing by the metaField"));
        MongoTimeSeriesSettings settings = lane.freshSettings("retag");
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings,
                BucketPolicy.windowed(Duration.ofHours(1), 1000), RetentionPolicy.defaults());
             MongoClient client = TestData.client()) {
            // given: one series, 30 minutes in building 1 then 30 in building 2
            List<Reading> readings = new ArrayList<>();
            for (int m = 0; m < 60; m++) {
                readings.add(Reading.of("retag", TestData.BASE.plus(Duration.ofMinutes(m)), Map.of("value", (double) m))
                        .withMeta(SeriesMeta.of(Tags.of("building", m < 30 ? "1" : "2"))));
            }
            store.store(readings);

            // then: the buckets collection holds one bucket per tag version
            Set<Object> metas = new HashSet<>();
            for (Document bucket : client.getDatabase(settings.database()).getCollection("system.buckets." + settings.collection())
                    .find(Filters.eq("meta.series", "retag"))) {
                metas.add(bucket.get("meta"));
            }
            assertThat(metas).hasSize(2);
        }
    }
}
