package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A writer that read a window, then lost the race to a rival and to the sealer's fold before its
 * bulk write landed: its placement into a bucket it saw existing must not recreate that bucket once
 * the fold deleted it (issue 13 item 4). Deterministic: the rival and the sweep run in the writer's
 * {@code beforeBulk} hook, on a second store over the same collection (another process).
 */
class StaleWriterTest {

    /** Three readings per row document, so that four readings make a window of two documents to fold. */
    private static final BucketPolicy.Windowed POLICY = BucketPolicy.windowed(Duration.ofHours(1), 3);
    /** Ten minutes: the window below may be sealed, and the stores' background sweeps first run a minute after opening. */
    private static final Duration SEAL_AFTER = Duration.ofMinutes(10);
    private final MutableClock clock = new MutableClock(BASE.plus(Duration.ofHours(2)));

    @Test
    void aWriterWhoseBucketWasFoldedAwayBeforeItsWriteReadsAgainAndStoresNothingTwice() {
        MongoBucketSettings settings = MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, SEAL_AFTER);
        try (MongoBucketReadingStore writer = open(settings); MongoBucketReadingStore rival = open(settings)) {
            // given: an ended window whose only row document (seq 0) has room for one more reading
            SeriesId series = freshSeries("stale");
            List<Reading> first = every(series, BASE, Duration.ofMinutes(5), 2);
            writer.store(first);
            Reading shared = value(series, BASE.plus(Duration.ofMinutes(20)), 20);
            List<Reading> rivals = List.of(shared, value(series, BASE.plus(Duration.ofMinutes(25)), 25),
                    value(series, BASE.plus(Duration.ofMinutes(30)), 30));
            StoreResult[] rivalResult = new StoreResult[1];
            writer.writer().beforeBulk(attempt -> {
                if (attempt == 0) {
                    // after the writer planned `shared` into seq 0: the rival fills seq 0, rolls over to seq 1,
                    // and a sweep folds the window into seq 1, deleting seq 0
                    rivalResult[0] = rival.store(rivals);
                    rival.seal();
                }
            });

            // when
            StoreResult result = writer.store(List.of(shared));

            // then: the rival stored all three, the writer found its reading stored, and nothing is twice in the store
            assertThat(rivalResult[0]).isEqualTo(new StoreResult(3, 0));
            assertThat(result).as("the stale writer's result").isEqualTo(new StoreResult(0, 1));
            List<BsonDocument> documents = documents(writer, Filters.eq(BucketFields.SERIES, series.value()));
            assertThat(documents).extracting(d -> d.getInt32(BucketFields.SEQ).getValue() + ":" + d.getInt32(BucketFields.COUNT).getValue())
                    .as("documents of the window").containsExactly("1:5");
            assertThat(writer.read(series, TimeRange.of(BASE, BASE.plus(Duration.ofHours(1))), 100)).hasSize(5);
        }
    }

    private MongoBucketReadingStore open(MongoBucketSettings settings) {
        return MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults(), clock, false);
    }
}
