package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sub-window summaries that writes maintain on the server, late readings and duplicates
 * included, equal those computed from the bucket's stored readings. Values are whole numbers, so
 * sums are exact whatever order they are added in and the comparison is exact. Runs in every lane.
 */
class SubWindowWritesTest {

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void summariesKeptByWritesEqualThoseOfTheStoredReadingsDespiteLateReadingsAndDuplicates(DocumentLayout layout) {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        BucketPolicy.Windowed policy = BucketPolicy.windowed(Duration.ofHours(1), 40)
                .withSubWindows(SubWindows.every(Duration.ofMinutes(5)));
        SubWindowFields shape = SubWindowFields.of(policy);
        // sealing never runs here (a clock far before the data): the row documents are what writes made
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(
                MongoLane.freshSettings().withLayout(layout, Duration.ofDays(365)), policy, RetentionPolicy.defaults(),
                Clock.fixed(TestData.BASE, ZoneOffset.UTC), false)) {
            SeriesId series = TestData.freshSeries("subw");
            // given: readings over three hours, shuffled (late ones), with duplicates of other values
            List<Reading> all = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                all.add(reading(random, series, random.nextInt(3 * 3600) * 1000L));
            }
            for (int i = 0; i < 40; i++) {
                all.add(reading(random, series, all.get(random.nextInt(all.size())).epochMilli()));
            }
            Collections.shuffle(all, random);

            // when: they are stored in random batches
            for (int from = 0; from < all.size(); ) {
                int to = Math.min(all.size(), from + 1 + random.nextInt(60));
                store.store(all.subList(from, to));
                from = to;
            }

            // then: each document's summaries are those of its own readings, and every reading is summarised once
            List<BsonDocument> documents = TestData.documents(store, Filters.eq("series", series.value()));
            assertThat(documents).as("seed %d", seed).hasSizeGreaterThan(3);
            for (BsonDocument document : documents) {
                StoredBucket bucket = StoredBucket.from(document);
                List<Reading> stored = bucket.readingsIn(Long.MIN_VALUE, Long.MAX_VALUE);
                BsonDocument expected = SubWindowUpdate.document(shape, stored);
                assertThat(document.getDocument("subs").getNumber(shape.total()).longValue())
                        .as("seed %d, total of %s", seed, document.get("start")).isEqualTo(bucket.count());
                assertThat(SubWindowDocs.parse(shape, bucket.start(), document.getDocument("subs")))
                        .as("seed %d, subs of %s seq %d", seed, document.get("start"), bucket.seq())
                        .isEqualTo(SubWindowDocs.parse(shape, bucket.start(), expected));
            }
        }
    }

    /** Whole-number values; sometimes a field is missing, sometimes only text is there. */
    private static Reading reading(Random random, SeriesId series, long offset) {
        Map<String, Object> fields = new LinkedHashMap<>();
        if (random.nextInt(10) > 0) {
            fields.put("temperature", (double) (random.nextInt(2000) - 1000));
        }
        if (random.nextBoolean()) {
            fields.put("pressure", (double) random.nextInt(100_000));
        }
        if (fields.isEmpty() || random.nextInt(4) == 0) {
            fields.put("status", random.nextBoolean() ? "OK" : "WARN");
        }
        return Reading.of(series.value(), TestData.BASE.plusMillis(offset), fields);
    }
}
