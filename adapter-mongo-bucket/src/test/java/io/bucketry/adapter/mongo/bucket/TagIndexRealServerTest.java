package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ExplainVerbosity;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What only a real server shows of the tag index (skipped in the embedded lane, which has no query planner):
 * a tag filter with a time range is one scan of {tags, start} bounded on both, reading only the matching
 * buckets, never the whole collection.
 */
class TagIndexRealServerTest {

    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);

    @Test
    void aTagFilterWithATimeRangeIsOneIndexScanBoundedOnTheTagAndTheTime() {
        MongoLane.assumeRealServer("explain needs a real server's query planner; the embedded server has none");
        try (MongoBucketReadingStore store = TestData.store(HOURLY)) {
            // given: 100 sensors in 100 buildings, 6 hours each
            List<Reading> readings = new ArrayList<>();
            for (int s = 0; s < 100; s++) {
                SeriesId series = new SeriesId("idx-" + s);
                SeriesMeta meta = SeriesMeta.of(new Tags(Map.of("building", "b" + s, "type", "t" + s % 5)));
                for (int m = 0; m < 360; m += 10) {
                    readings.add(value(series, minute(m), m).withMeta(meta));
                }
            }
            store.store(readings);
            long from = minute(120).toEpochMilli();
            long to = minute(240).toEpochMilli();
            Bson filter = BucketMeta.and(new BucketQueries(store.collection(), HOURLY).overlapping(null, from, to),
                    TagFilter.of(TagFilter.Condition.oneOf("building", "b7")));

            // when
            BsonDocument plan = store.collection().find(filter).explain(BsonDocument.class, ExplainVerbosity.EXECUTION_STATS);

            // then: the winning plan scans tags_1_start_1, and examines the 2-3 buckets of b7 in range only
            String winning = plan.getDocument("queryPlanner").toJson();
            assertThat(winning).contains(TagIndex.NAME).doesNotContain("COLLSCAN");
            assertThat(plan.toJson()).contains("\"building=b7\"");
            BsonDocument stats = plan.getDocument("executionStats", new BsonDocument());
            if (stats.containsKey("totalDocsExamined")) {
                assertThat(stats.getNumber("totalDocsExamined").longValue()).isLessThanOrEqualTo(3);
            }
        }
    }
}
