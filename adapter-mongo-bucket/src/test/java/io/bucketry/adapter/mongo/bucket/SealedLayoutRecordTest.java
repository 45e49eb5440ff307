package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The sealed layout in the layout record, the statements and index it adds, and how the server runs its sweep. */
class SealedLayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();

    @Test
    void aCollectionWrittenSealedIsNeverOpenedAsRowsNorTheOtherWayRound() {
        // given: a sealed collection holding a reading, and a row collection holding one
        MongoBucketSettings sealed = MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, null);
        MongoBucketSettings rows = MongoLane.freshSettings();
        SeriesId series = freshSeries("record");
        for (MongoBucketSettings settings : List.of(sealed, rows)) {
            try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
                store.store(List.of(value(series, minute(0), 1)));
            }
        }

        // when / then: each reopened in the other layout is refused, naming the setting and both values
        assertThatThrownBy(() -> MongoBucketReadingStore.open(sealed.withLayout(DocumentLayout.ROWS, null),
                BucketPolicy.defaults(), RETENTION)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mongo-bucket collection bucketry_test." + sealed.collection())
                .hasMessageContaining("document layout (mongoLayout): stored sealed, configured rows")
                .hasMessageContaining("Start with the stored value, use a new collection (--mongo-collection)");
        assertThatThrownBy(() -> MongoBucketReadingStore.open(rows.withLayout(DocumentLayout.SEALED, null),
                BucketPolicy.defaults(), RETENTION)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("document layout (mongoLayout): stored rows, configured sealed");
        assertThat(record(sealed).getString("documents")).isEqualTo("sealed");
        assertThat(record(rows).containsKey("documents")).as("a row record is as before this field").isFalse();
        try (MongoBucketReadingStore again = MongoBucketReadingStore.open(sealed, BucketPolicy.defaults(), RETENTION)) {
            assertThat(again.read(series, TimeRange.of(minute(0), minute(1)), 10)).hasSize(1);
        }
    }

    @Test
    void theSealedLayoutRefusesAPagedPolicyBeforeConnecting() {
        MongoBucketSettings settings = new MongoBucketSettings("mongodb://127.0.0.1:1", null, null, Duration.ofMillis(50),
                DocumentLayout.SEALED, null);
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.paged(100), RETENTION))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paged").hasMessageContaining("windowed");
    }

    @Test
    void rowDocumentsOfTheSealedLayoutAreMarkedForThePartialIndexTheSweepScans() {
        Placement placement = new Placement(new SeriesId("s"), 0, 0, List.of(value(new SeriesId("s"), minute(0), 1)), false, true);

        BsonDocument marked = BucketUpdate.of(placement, BucketPolicy.defaults(), true).getUpdate()
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
        BsonDocument plain = BucketUpdate.of(placement, BucketPolicy.defaults()).getUpdate()
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
        BsonDocument candidates = WindowSealer.candidateFilter(3_600_000L)
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
        BsonDocument partial = SealedIndex.options().getPartialFilterExpression()
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());

        assertThat(marked.getDocument("$setOnInsert").getBoolean(BucketFields.UNSEALED).getValue()).isTrue();
        assertThat(plain.getDocument("$setOnInsert").containsKey(BucketFields.UNSEALED)).isFalse();
        assertThat(candidates).isEqualTo(BsonDocument.parse("{$and: [{unsealed: true}, {start: {$lte: {$date: 3600000}}}]}"));
        assertThat(partial).isEqualTo(BsonDocument.parse("{unsealed: true}"));
    }

    @Test
    void theSweepsCandidateQueryIsAScanOfThePartialIndexOnARealServer() {
        MongoLane.assumeRealServer("the embedded server has no query planner to explain");
        MongoBucketSettings settings = MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, null);
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION);
             MongoClient client = MongoClients.create(settings.uri())) {
            store.store(every(freshSeries("sweep"), minute(0), Duration.ofMinutes(30), 8));
            BsonDocument find = new BsonDocument("find", new BsonString(settings.collection()))
                    .append("filter", WindowSealer.candidateFilter(minute(120).toEpochMilli())
                            .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry()))
                    .append("limit", new BsonInt32(WindowSealer.ROUND));

            BsonDocument explain = client.getDatabase(settings.database())
                    .runCommand(new BsonDocument("explain", find), BsonDocument.class);

            // A partial index serves a query whose filter implies its partialFilterExpression
            // (https://www.mongodb.com/docs/manual/core/index-partial/#query-coverage).
            assertThat(explain.toJson()).contains("IXSCAN").contains(SealedIndex.NAME).doesNotContain("COLLSCAN");
        }
    }

    private static Document record(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            return client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION)
                    .find(Filters.eq("_id", settings.collection())).first();
        }
    }
}
