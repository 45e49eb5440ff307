package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
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
 * The row layout's side of issue 13 item 4: a writer that read a window whose documents a delete removed
 * before its write does not bring back a lone overflow bucket (seq 1 without seq 0), in which a resent
 * reading would not be found by the next writer's seq-0 upsert and be stored twice.
 */
class StaleRowsWriterTest {

    private static final BucketPolicy POLICY = BucketPolicy.windowed(Duration.ofHours(1), 3);

    @Test
    void aWriterWhoseWindowWasDeletedBeforeItsWriteStartsTheWindowAgainAtSeqZero() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore writer = MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults());
             MongoBucketReadingStore rival = MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults())) {
            // given: a window of a full seq 0 and a seq 1 with room
            SeriesId series = freshSeries("stale-rows");
            writer.store(every(series, BASE, Duration.ofMinutes(5), 4));
            Reading late = value(series, BASE.plus(Duration.ofMinutes(40)), 40);
            writer.writer().beforeBulk(attempt -> {
                if (attempt == 1) {
                    rival.deleteSeries(series); // between the writer's read (after its seq-0 upsert met E11000) and its write to seq 1
                }
            });

            // when
            StoreResult stored = writer.store(List.of(late));
            writer.writer().beforeBulk(attempt -> { });
            StoreResult resent = writer.store(List.of(late));

            // then: the window starts again at seq 0, and the resent reading is found there
            assertThat(stored).isEqualTo(new StoreResult(1, 0));
            assertThat(resent).as("the same reading sent again").isEqualTo(new StoreResult(0, 1));
            List<BsonDocument> documents = documents(writer, Filters.eq(BucketFields.SERIES, series.value()));
            assertThat(documents).extracting(d -> d.getInt32(BucketFields.SEQ).getValue() + ":" + d.getInt32(BucketFields.COUNT).getValue())
                    .containsExactly("0:1");
            assertThat(writer.read(series, TimeRange.of(BASE, BASE.plus(Duration.ofHours(1))), 100)).containsExactly(late);
        }
    }
}
