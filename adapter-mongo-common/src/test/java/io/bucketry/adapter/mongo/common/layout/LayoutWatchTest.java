package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A running store's check of its layout record before each batch (issue 36 item 5), on a record another process changes. */
class LayoutWatchTest {

    private static final String WHERE = "mongo-bucket collection db.c";
    private static final CollectionLayout RUNNING = layout(BucketPolicy.windowed(Duration.ofHours(1), 100), RetentionPolicy.defaults());

    /** One record, as the other process leaves it. */
    private static final class OneRecord implements LayoutRecords {
        CollectionLayout record = RUNNING;

        @Override
        public Optional<CollectionLayout> find() {
            return Optional.ofNullable(record);
        }

        @Override
        public boolean insert(CollectionLayout layout) {
            if (record != null) {
                return false;
            }
            record = layout;
            return true;
        }

        @Override
        public void replace(CollectionLayout layout) {
            record = layout;
        }
    }

    private final OneRecord records = new OneRecord();
    private final LayoutWatch watch = new LayoutWatch(records, RUNNING, true, WHERE);

    @Test
    void aSmallerCountCeilingRecordedByAnotherProcessRefusesThisOnesWritesInOneLine() {
        // given
        records.record = layout(BucketPolicy.windowed(Duration.ofHours(1), 50), RetentionPolicy.defaults());

        // when / then
        assertThatThrownBy(watch::check).isInstanceOf(StoreUnavailableException.class)
                .hasMessageStartingWith(WHERE + ": the layout record was changed by another process")
                .hasMessageContaining("bucket max count (bucketMaxCount): stored 50, configured 100")
                .hasMessageContaining("Restart this process with the recorded value")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anotherWidthRecordedAfterTheCollectionWasEmptiedRefusesThisOnesWrites() {
        // given
        records.record = layout(BucketPolicy.windowed(Duration.ofMinutes(30), 100), RetentionPolicy.defaults());

        // when / then
        assertThatThrownBy(watch::check).hasMessageContaining("bucket width (bucketWidth): stored 30m, configured 1h");
    }

    @Test
    void aRetentionRecordedByAnotherProcessLetsThisOneWriteOn() {
        // given
        records.record = layout(BucketPolicy.windowed(Duration.ofHours(1), 100), RetentionPolicy.of(Duration.ofDays(120)));

        // when / then
        assertThatCode(watch::check).doesNotThrowAnyException();
        assertThatCode(watch::check).doesNotThrowAnyException();
    }

    @Test
    void aRemovedRecordIsRecordedAgainAndWritesGoOn() {
        // given
        records.record = null;

        // when
        watch.check();

        // then
        assertThat(records.record).isEqualTo(RUNNING);
    }

    private static CollectionLayout layout(BucketPolicy policy, RetentionPolicy retention) {
        return CollectionLayout.of("mongo-bucket", policy, retention, Map.of());
    }
}
