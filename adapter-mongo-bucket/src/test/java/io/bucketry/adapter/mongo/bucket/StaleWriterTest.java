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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A writer that read a window, then lost the race to a rival and to the sealer's fold before its
 * bulk write landed (issue 13 item 4): its placement into a bucket it saw existing must not recreate
 * that bucket once the fold took it in; nor may its upsert of a seq it saw no document at (a delta
 * after a sealed document, or a rollover's next seq), which the rival created and the fold took in,
 * create that seq again: it meets the fold's stub ({@link FoldedStub}) and finds its reading sealed.
 * Deterministic: the rival and the sweep run in the writer's {@code beforeBulk} hook, on a second
 * store over the same collection (another process).
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
            assertThat(stubSeqs(writer, series)).as("stubs of the folded documents").containsExactly(0);
            assertThat(writer.read(series, TimeRange.of(BASE, BASE.plus(Duration.ofHours(1))), 100)).hasSize(5);
        }
    }

    @Test
    void aWriterWhoseDeltaSeqWasFilledAndFoldedAwayBeforeItsWriteFindsItsReadingSealed() {
        MongoBucketSettings settings = MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, SEAL_AFTER);
        try (MongoBucketReadingStore writer = open(settings); MongoBucketReadingStore rival = open(settings)) {
            // given: an ended window sealed in place at seq 0 (three readings)
            SeriesId series = freshSeries("stale-delta");
            List<Reading> sealed = every(series, BASE, Duration.ofMinutes(5), 3);
            writer.store(sealed);
            assertThat(writer.seal()).isEqualTo(1);
            Reading shared = value(series, minute(30), 30);
            List<Reading> rivals = rivalsSharing(series, shared);
            // the writer planned `shared` as a delta at seq 1: the rival fills seq 1 and rolls over to seq 2,
            // and a sweep folds seq 0, 1 and 2 into seq 2
            List<StoreResult> rivalResult = rivalStoresAndSealsBefore(writer, 0, rival, rivals);

            // when
            StoreResult result = writer.store(List.of(shared));

            // then
            assertThat(rivalResult).containsExactly(new StoreResult(4, 0));
            assertStoredOnce(writer, series, result, union(sealed, rivals));
        }
    }

    @Test
    void aWriterWhoseRolloverSeqWasFilledAndFoldedAwayBeforeItsWriteFindsItsReadingSealed() {
        MongoBucketSettings settings = MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, SEAL_AFTER);
        try (MongoBucketReadingStore writer = open(settings); MongoBucketReadingStore rival = open(settings)) {
            // given: an ended window whose seq 0 (row document, not yet sealed) has room for one more reading
            SeriesId series = freshSeries("stale-rollover");
            List<Reading> rows = every(series, BASE, Duration.ofMinutes(5), 2);
            writer.store(rows);
            Reading fill = value(series, minute(20), 20);
            Reading shared = value(series, minute(30), 30);
            List<Reading> rivals = rivalsSharing(series, shared);
            // seq 0 is full with `fill`; before the rollover's seq 1 is written the rival fills seq 1,
            // rolls over to seq 2, and a sweep folds seq 0, 1 and 2 into seq 2
            List<StoreResult> rivalResult = rivalStoresAndSealsBefore(writer, 1, rival, rivals);

            // when: the writer fills seq 0 and rolls `shared` over to seq 1, in two bulk writes
            StoreResult result = writer.store(List.of(fill, shared));

            // then: `fill` was accepted by the writer, `shared` by the rival
            assertThat(rivalResult).containsExactly(new StoreResult(4, 0));
            assertThat(result).as("the writer's result").isEqualTo(new StoreResult(1, 1));
            List<Reading> expected = union(union(rows, List.of(fill)), rivals);
            assertThat(writer.read(series, window(), 100)).containsExactlyElementsOf(expected);
            assertThat(writer.statistics().readings()).as("readings described").isEqualTo(expected.size());
            assertThat(readingDocuments(writer, series)).as("documents holding readings").containsExactly("2:" + expected.size());
            assertThat(stubSeqs(writer, series)).as("stubs of the folded documents").containsExactly(0, 1);
        }
    }

    private void assertStoredOnce(MongoBucketReadingStore store, SeriesId series, StoreResult result, List<Reading> expected) {
        assertThat(result).as("the stale writer's result").isEqualTo(new StoreResult(0, 1));
        assertThat(store.read(series, window(), 100)).containsExactlyElementsOf(expected);
        assertThat(store.statistics().readings()).as("readings described").isEqualTo(expected.size());
        assertThat(readingDocuments(store, series)).as("documents holding readings").containsExactly("2:" + expected.size());
        assertThat(stubSeqs(store, series)).as("stubs of the folded documents").containsExactly(0, 1);
    }

    /** seq:count of each document of the series that holds readings, rows or columns. */
    private static List<String> readingDocuments(MongoBucketReadingStore store, SeriesId series) {
        List<String> out = new ArrayList<>();
        for (BsonDocument document : documents(store, Filters.eq(BucketFields.SERIES, series.value()))) {
            if (document.containsKey(BucketFields.READINGS) || document.containsKey(BucketFields.COLS)) {
                out.add(document.getInt32(BucketFields.SEQ).getValue() + ":" + document.getInt32(BucketFields.COUNT).getValue());
            }
        }
        return out;
    }

    private static List<Reading> union(List<Reading> a, List<Reading> b) {
        List<Reading> all = new ArrayList<>(a);
        all.addAll(b);
        all.sort(Comparator.comparingLong(Reading::epochMilli));
        return all;
    }

    private static TimeRange window() {
        return TimeRange.of(BASE, BASE.plus(Duration.ofHours(1)));
    }

    private MongoBucketReadingStore open(MongoBucketSettings settings) {
        return MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults(), clock, false);
    }

    /** Four readings 30-45 minutes into the window, the first of them {@code shared} with the writer. */
    private static List<Reading> rivalsSharing(SeriesId series, Reading shared) {
        return List.of(shared, value(series, minute(35), 35), value(series, minute(40), 40), value(series, minute(45), 45));
    }

    /** Before the writer's bulk write number {@code attempt}, the rival stores {@code rivals} and seals; answers the rival's result. */
    private static List<StoreResult> rivalStoresAndSealsBefore(MongoBucketReadingStore writer, int attempt,
                                                               MongoBucketReadingStore rival, List<Reading> rivals) {
        List<StoreResult> rivalResult = new ArrayList<>();
        writer.writer().beforeBulk(bulk -> {
            if (bulk == attempt) {
                rivalResult.add(rival.store(rivals));
                rival.seal();
            }
        });
        return rivalResult;
    }
}
