package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

/** Random batches (late readings and duplicates included) against a brute-force model of what must be stored. */
class IngestPropertiesTest {

    private static final int MAX = 4;
    private static final TimeRange ALL = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(1)));
    /** A code encodes series (code mod 3) and time (code div 3 steps of 37 s): collisions are duplicates. */
    private static final Gen<List<List<Integer>>> BATCHES = Gen.ints(0, 300).list(1, 25).list(1, 6);

    @Test
    void everyIdentityIsStoredOnceAndEveryBucketKeepsThePolicy() {
        Property.forAll(30, draws -> {
            List<List<Integer>> batches = draws.draw("batches", BATCHES);
            boolean paged = draws.draw("paged", Gen.booleans());
            // given
            BucketPolicy policy = paged ? BucketPolicy.paged(MAX) : BucketPolicy.windowed(Duration.ofMinutes(20), MAX);
            try (MongoBucketReadingStore store = TestData.store(policy)) {
                String prefix = TestData.freshSeries("p").value();
                List<SeriesId> ids = List.of(new SeriesId(prefix + "a"), new SeriesId(prefix + "a1"), new SeriesId(prefix + "b"));
                Map<String, Reading> firstWins = new LinkedHashMap<>();
                int total = 0;
                StoreResult sum = StoreResult.EMPTY;

                // when
                for (List<Integer> codes : batches) {
                    List<Reading> batch = new ArrayList<>();
                    for (int code : codes) {
                        SeriesId series = ids.get(Math.floorMod(code, 3));
                        Reading reading = TestData.value(series, TestData.BASE.plusSeconds(Math.floorDiv(code, 3) * 37L), code);
                        batch.add(reading);
                        firstWins.putIfAbsent(series + "@" + reading.epochMilli(), reading);
                    }
                    total += batch.size();
                    sum = sum.plus(store.store(batch));
                }

                // then
                assertThat(sum).isEqualTo(new StoreResult(firstWins.size(), total - firstWins.size()));
                for (SeriesId series : ids) {
                    List<Reading> expected = firstWins.values().stream().filter(r -> r.series().equals(series))
                            .sorted(Comparator.comparingLong(Reading::epochMilli)).toList();
                    assertThat(store.read(series, ALL, 10_000)).isEqualTo(expected);
                    assertThat(store.latest(series, TestData.BASE))
                            .isEqualTo(expected.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(expected.get(expected.size() - 1)));
                    for (int n = 1; (n - 1) * 3 <= expected.size(); n++) {
                        assertThat(store.page(series, n, 3, TestData.BASE))
                                .isEqualTo(expected.subList((n - 1) * 3, Math.min(expected.size(), n * 3)));
                    }
                    assertBucketsKeepThePolicy(TestData.documents(store, eq("series", series.value())), policy);
                }
            }
        });
    }

    /** Counts, bounds and order hold in every bucket; below the highest seq of a group, every bucket is closed. */
    private static void assertBucketsKeepThePolicy(List<BsonDocument> buckets, BucketPolicy policy) {
        for (int i = 0; i < buckets.size(); i++) {
            BsonDocument bucket = buckets.get(i);
            List<Long> times = new ArrayList<>();
            for (BsonValue element : bucket.getArray("readings")) {
                times.add(element.asDocument().getDateTime("t").getValue());
            }
            assertThat(times).isSorted().doesNotHaveDuplicates().hasSize(bucket.getNumber("count").intValue());
            assertThat(times.size()).isBetween(1, MAX);
            assertThat(bucket.getDateTime("first").getValue()).isEqualTo(times.get(0));
            assertThat(bucket.getDateTime("last").getValue()).isEqualTo(times.get(times.size() - 1));
            assertThat(bucket.getDocument("summary").getDocument("value").getNumber("count").intValue()).isEqualTo(times.size());
            boolean sameGroupFollows = i + 1 < buckets.size()
                    && buckets.get(i + 1).getDateTime("start").equals(bucket.getDateTime("start"));
            if (sameGroupFollows) {
                assertThat(times.size() == policy.maxCount() || bucket.getNumber("bytes").intValue() == policy.maxBytes())
                        .as("bucket below the highest seq is closed: %s", bucket.toJson()).isTrue();
            }
        }
    }
}
