package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code bytes} bound holds for every stored bucket as the server encodes it, so none can pass 16 MiB. */
class ByteBoundTest {

    private static final String[] TEXT_PIECES = {"a", "Z9", "é", "€", "\uD83D\uDE00", "状态", " "};

    @Test
    void theBoundPlusTheHeaderCoversTheEncodedSizeOfRandomBuckets() {
        assertBoundCoversRandomBuckets(false);
    }

    @Test
    void theBoundCoversBucketsWithSubWindowSummariesToo() {
        assertBoundCoversRandomBuckets(true);
    }

    private static void assertBoundCoversRandomBuckets(boolean subWindows) {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 4; round++) {
            // given: a random policy, small enough in bytes that some buckets close on the byte ceiling
            int maxCount = 1 + random.nextInt(round % 2 == 0 ? 50 : 5000);
            int maxBytes = BucketPolicy.MIN_BYTES + random.nextInt(BucketPolicy.MIN_BYTES);
            BucketPolicy.Windowed windowed = new BucketPolicy.Windowed(Duration.ofMinutes(2 + random.nextInt(120)), maxCount, maxBytes);
            BucketPolicy policy = subWindows ? windowed.withSubWindows(SubWindows.every(Duration.ofMinutes(1))) : windowed;
            try (MongoBucketReadingStore store = TestData.store(policy)) {
                SeriesId series = new SeriesId("b-" + round + "-" + "x".repeat(random.nextInt(100)) + "-" + seed);
                List<String> names = names(random);
                // when: batches of random readings, some late, some with many numeric fields
                List<Reading> all = new ArrayList<>();
                for (int i = 0; i < 500; i++) {
                    all.add(reading(random, series, names, i));
                }
                Collections.shuffle(all.subList(0, 200), random);
                for (int from = 0; from < all.size(); ) {
                    int to = Math.min(all.size(), from + 1 + random.nextInt(150));
                    store.store(all.subList(from, to));
                    from = to;
                }

                // then: every bucket as the server encodes it is within the header bound plus its bytes
                int buckets = 0;
                for (RawBsonDocument bucket : store.collection().withDocumentClass(RawBsonDocument.class)
                        .find(Filters.eq("series", series.value()))) {
                    int encoded = bucket.getByteBuffer().remaining();
                    int bytes = bucket.getNumber("bytes").intValue();
                    assertThat(encoded).as("seed %d, round %d, bucket %s", seed, round, bucket.get("start"))
                            .isLessThanOrEqualTo(BucketBytes.MAX_HEADER + bytes);
                    assertThat(bytes).as("seed %d", seed).isLessThanOrEqualTo(maxBytes);
                    buckets++;
                }
                assertThat(buckets).isPositive();
            }
        }
    }

    @Test
    void noBucketCanPassMongoDbsDocumentLimit() {
        assertThat((long) BucketBytes.MAX_HEADER + BucketPolicy.MAX_BYTES_LIMIT).isLessThan(16L * 1024 * 1024);
    }

    private static List<String> names(Random random) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            names.add("f" + i + "_" + "n".repeat(random.nextInt(30)));
        }
        return names;
    }

    private static Reading reading(Random random, SeriesId series, List<String> names, int minute) {
        Map<String, Object> fields = new LinkedHashMap<>();
        int count = 1 + random.nextInt(random.nextBoolean() ? 4 : 30);
        for (int i = 0; i < count; i++) {
            String name = names.get(random.nextInt(names.size()));
            if (random.nextInt(4) == 0) {
                StringBuilder text = new StringBuilder();
                for (int j = random.nextInt(20); j > 0; j--) {
                    text.append(TEXT_PIECES[random.nextInt(TEXT_PIECES.length)]);
                }
                fields.put(name, text.toString());
            } else {
                fields.put(name, random.nextGaussian() * 1e6);
            }
        }
        return Reading.of(series.value(), TestData.minute(minute).plusMillis(random.nextInt(60_000)), fields);
    }
}
