package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.domain.SeriesId;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The newest time of each series is the manual's "last point" pipeline: a range on the metaField, a $sort + $group of $first. */
class LastpointsTest {

    @Test
    void thePipelineIsARangeThenASortByMetaAndTimeThenAGroupOfFirst() {
        List<Bson> pipeline = Lastpoints.pipeline(MetaField.META.series, "s.", SeriesId.of("s.1"), 11, TestData.BASE);

        assertThat(pipeline.get(0).toBsonDocument().toJson()).contains("\"$gte\": \"s.\"").contains("\"$lt\": \"s.{\"")
                .contains("\"$gt\": \"s.1\"").doesNotContain("$regex");
        assertThat(pipeline.get(1).toBsonDocument().toJson()).isEqualTo("{\"$sort\": {\"meta.series\": -1, \"t\": -1}}");
        assertThat(pipeline.get(2).toBsonDocument().toJson()).isEqualTo("{\"$group\": {\"_id\": \"$meta.series\", \"t\": {\"$first\": \"$t\"}}}");
        assertThat(pipeline).extracting(stage -> stage.toBsonDocument().toJson()).contains("{\"$limit\": 11}");
    }

    @Test
    void onARealServerTheNewestTimesAreReadByTheIndexNotACollectionScan() {
        Assumptions.assumeFalse(MongoTestLane.get().isEmbedded(), MongoTestLane.embeddedReason("explain"));
        MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("lp_explain");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            store.store(List.of(TestData.reading("lp-explain.a", 0, 1), TestData.reading("lp-explain.b", 60, 2)));

            Document plan = TestData.collection(client, settings)
                    .aggregate(Lastpoints.pipeline(MetaField.META.series, "lp-explain.", null, 10, TestData.BASE)).explain();

            assertThat(plan.toJson()).doesNotContain("COLLSCAN");
        }
    }
}
