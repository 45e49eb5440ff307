package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoClientSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

/** The planner's reads: what they ask the server for, and that they answer the right buckets. */
class BucketKnowledgeTest {

    private static BsonDocument render(Bson stage) {
        return stage.toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
    }

    @Test
    void topsSortEveryKeyDescendingAndGroupOnlyScalars() {
        List<Bson> pipeline = BucketKnowledge.topsPipeline(Set.of(new SeriesId("a")));

        BsonDocument sort = render(pipeline.get(1)).getDocument("$sort");
        BsonDocument group = render(pipeline.get(2)).getDocument("$group");

        assertThat(sort).isEqualTo(BsonDocument.parse("{series: -1, start: -1, seq: -1}"));
        assertThat(group.toJson()).doesNotContain("$$ROOT");
        for (Map.Entry<String, BsonValue> accumulator : group.entrySet()) {
            if (!accumulator.getKey().equals("_id")) {
                assertThat(accumulator.getValue().asDocument().getString("$first").getValue())
                        .isEqualTo("$" + accumulator.getKey());
            }
        }
        assertThat(pipeline).hasSize(3);
    }

    @Test
    void topsAnswerTheHighestStartThenSeqOfEachSeries() {
        // given: a series with two windows, the second overflowing into seq 1; another with one bucket
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 5))) {
            SeriesId rolled = TestData.freshSeries("tops");
            SeriesId single = TestData.freshSeries("tops");
            store.store(TestData.every(rolled, minute(0), Duration.ofMinutes(5), 8));
            store.store(TestData.every(rolled, minute(60), Duration.ofMinutes(5), 8));
            store.store(TestData.every(single, minute(0), Duration.ofMinutes(5), 3));

            // when
            Map<SeriesId, StoredBucket> tops = new BucketKnowledge(store.collection()).tops(Set.of(rolled, single));

            // then
            assertThat(tops.get(rolled).start()).isEqualTo(minute(60).toEpochMilli());
            assertThat(tops.get(rolled).seq()).isEqualTo(1);
            assertThat(tops.get(rolled).count()).isEqualTo(3);
            assertThat(tops.get(rolled).last()).isEqualTo(minute(95).toEpochMilli());
            assertThat(tops.get(single).seq()).isZero();
            assertThat(tops.get(single).count()).isEqualTo(3);
            assertThat(tops.get(single).readings()).isNull();
        }
    }

    @Test
    void topsNeedNoInMemorySortOnARealServer() {
        MongoLane.assumeRealServer("the embedded server has no query planner to explain");
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.paged(10))) {
            SeriesId series = TestData.freshSeries("tops");
            store.store(TestData.every(series, minute(0), Duration.ofMinutes(1), 35));

            BsonDocument explain = store.collection().aggregate(BucketKnowledge.topsPipeline(Set.of(series)))
                    .explain(BsonDocument.class);

            assertThat(explain.toJson()).doesNotContainPattern("\"stage\"\\s*:\\s*\"SORT\"");
        }
    }

    @Test
    void windowsAreReadWithTwoInsNotOneOrBranchPerSeries() {
        BsonDocument filter = render(BucketKnowledge.windowsFilter(Map.of(new SeriesId("a"), Set.of(0L, 3_600_000L),
                new SeriesId("b"), Set.of(7_200_000L))));

        assertThat(filter.toJson()).doesNotContain("$or");
        List<BsonValue> clauses = filter.getArray("$and");
        assertThat(clauses).hasSize(2);
        assertThat(clauses.get(0).asDocument().getDocument("series").getArray("$in")).hasSize(2);
        assertThat(clauses.get(1).asDocument().getDocument("start").getArray("$in")).hasSize(3);
    }

    @Test
    void windowsAnswerOnlyTheWindowsAskedForEachSeries() {
        // given: two series with buckets in hours 0 and 1 each
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId a = TestData.freshSeries("win");
            SeriesId b = TestData.freshSeries("win");
            store.store(TestData.every(a, minute(0), Duration.ofMinutes(30), 4));
            store.store(TestData.every(b, minute(0), Duration.ofMinutes(30), 4));

            // when: hour 0 of a and hour 1 of b are asked for (the $in cross product also matches the other two)
            Map<SeriesId, Map<Long, List<StoredBucket>>> known = new BucketKnowledge(store.collection()).windows(
                    Map.of(a, Set.of(minute(0).toEpochMilli()), b, Set.of(minute(60).toEpochMilli())));

            // then
            assertThat(known.get(a).keySet()).containsExactly(minute(0).toEpochMilli());
            assertThat(known.get(b).keySet()).containsExactly(minute(60).toEpochMilli());
            assertThat(known.get(a).get(minute(0).toEpochMilli()).get(0).times()).hasSize(2);
        }
    }
}
