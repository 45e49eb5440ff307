package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.UpdateOneModel;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The indexes and write models the rollup storage sends, checked without a server. */
class RollupDocumentsTest {

    private static final SeriesId SERIES = SeriesId.of("s-1");
    private static final Instant START = Instant.parse("2030-07-21T10:00:00Z");
    private static final long T = START.toEpochMilli();
    private static final TierSlice IN_7 = new TierSlice(Tags.of("building", "7"), 3,
            Map.of("temperature", new FieldSpan(3, 1.5, 4.0, 8.0, T + 10, 2.5, T + 30, 1.5)));
    private static final TierSlice IN_8 = new TierSlice(Tags.of("building", "8"), 2,
            Map.of("temperature", new FieldSpan(2, 0.5, 9.0, 9.5, T + 5, 9.0, T + 20, 0.5)));
    private static final TierWindow WINDOW = new TierWindow(SERIES, START, START.plus(Duration.ofHours(1)), List.of(IN_7));
    private static final TierWindow RETAGGED = new TierWindow(SERIES, START, START.plus(Duration.ofHours(1)),
            List.of(IN_7, IN_8));

    @Test
    void windowsAreUniqueOnSeriesTierAndStartAndPendingEntriesOnSeriesStartAndToken() {
        IndexModel windows = RollupDocuments.windowIndexes().get(0);
        assertThat(json(windows.getKeys())).isEqualTo("{\"s\": 1, \"w\": 1, \"t\": 1}");
        assertThat(windows.getOptions().isUnique()).isTrue();
        IndexModel pending = RollupDocuments.pendingIndexes().get(0);
        assertThat(json(pending.getKeys())).isEqualTo("{\"s\": 1, \"t\": 1, \"b\": 1}");
        assertThat(pending.getOptions().isUnique()).isTrue();
    }

    @Test
    void aRecomputedWindowIsAnUpsertByReplacementOverALowerVersionAndAnEmptyOneATombstone() {
        ReplaceOneModel<Document> replace = (ReplaceOneModel<Document>) RollupDocuments.replacement(
                new RollupWindow(SERIES, Duration.ofHours(1), START, WINDOW), 7);
        assertThat(replace.getReplaceOptions().isUpsert()).isTrue();
        assertThat(json(replace.getFilter())).contains("\"s\": \"s-1\"").contains("\"w\": 3600000").contains("\"t\": {\"$date\"")
                .contains("{\"v\": {\"$not\": {\"$gte\": 7}}}");
        assertThat(replace.getReplacement().containsKey("_id")).as("a replacement never sets _id").isFalse();
        assertThat(replace.getReplacement().get("v")).isEqualTo(7L);
        ReplaceOneModel<Document> empty = (ReplaceOneModel<Document>) RollupDocuments.replacement(
                new RollupWindow(SERIES, Duration.ofHours(1), START, null), 8);
        assertThat(empty.getReplacement().get("n")).isEqualTo(0L);
        assertThat(empty.getReplacement().get("v")).isEqualTo(8L);
    }

    @Test
    void aWindowReadsBackAsItWasWrittenWholeAndWithItsSlices() {
        Document stored = RollupDocuments.toDocument(Duration.ofHours(1), WINDOW);
        assertThat(RollupDocuments.toWindow(stored)).isEqualTo(WINDOW.whole());
        assertThat(RollupDocuments.toTierWindow(stored)).isEqualTo(WINDOW);
        assertThat(stored).as("one set of tags sits at the root, without slices").containsKey("tags").doesNotContainKey("g");
    }

    @Test
    void aWindowOfASeriesReTaggedInsideItKeepsASlicePerTagsAndTheWholeBeside() {
        Document stored = RollupDocuments.toDocument(Duration.ofHours(1), RETAGGED);

        assertThat(stored).containsKey("g").doesNotContainKey("tags");
        assertThat(RollupDocuments.toTierWindow(stored)).isEqualTo(RETAGGED);
        WindowAggregate whole = RollupDocuments.toWindow(stored);
        assertThat(whole).isEqualTo(RETAGGED.whole());
        assertThat(whole.fields().get("temperature")).as("first and last by the slices' times")
                .isEqualTo(new FieldAggregate(5, 0.5, 9.0, 17.5, 9.0, 1.5));
    }

    @Test
    void aWindowWrittenBeforeWindowsKeptTagsReadsWholeAndIsRefusedToATagRead() {
        Document legacy = new Document("s", "s-1").append("w", 3_600_000L).append("t", Date.from(START)).append("n", 3L)
                .append("f", new Document("temperature", new Document("n", 3L).append("min", 1.5).append("max", 4.0)
                        .append("sum", 8.0).append("first", 2.5).append("last", 1.5))).append("v", 3L);

        assertThat(RollupDocuments.toWindow(legacy)).isEqualTo(WINDOW.whole());
        assertThatThrownBy(() -> RollupDocuments.toTierWindow(legacy)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("written before rollup windows kept tags");
    }

    @Test
    void recordingPendingInsertsOnlyWhatIsNotThereAndClearingRemovesThatTokenOnly() {
        RollupKey key = new RollupKey(SERIES, START.toEpochMilli());
        UpdateOneModel<Document> record = (UpdateOneModel<Document>) RollupDocuments.pending(key, 42);
        assertThat(record.getOptions().isUpsert()).isTrue();
        assertThat(json(record.getFilter())).contains("\"b\": 42");
        assertThat(json(((DeleteOneModel<Document>) RollupDocuments.clear(new PendingRollup(key, 42))).getFilter()))
                .contains("\"b\": 42").contains("\"s\": \"s-1\"");
        Document entry = new Document("s", "s-1").append("t", START.toEpochMilli()).append("b", 42L);
        assertThat(RollupDocuments.toPending(entry)).isEqualTo(new PendingRollup(key, 42));
    }

    private static String json(Bson bson) {
        return bson.toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry()).toJson();
    }
}
