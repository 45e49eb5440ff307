package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The layout record of a readings collection: in bucketry_layouts, beside the collection, never in it. */
class LayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();
    private final MongoTestLane lane = MongoTestLane.get();

    @Test
    void firstStartRecordsTheLayoutWithWhatTheServerCreated() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("layout");

        // when
        List<String> notes;
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings,
                BucketPolicy.windowed(Duration.ofMinutes(10), 1000), RETENTION)) {
            notes = store.startNotes();
        }

        // then
        Document record = record(settings);
        assertThat(record).containsEntry("backend", "mongo-timeseries").containsEntry("policy", "windowed")
                .containsEntry("widthMillis", 600_000L).containsEntry("layoutVersion", 1);
        Document server = record.get("serverOptions", Document.class);
        assertThat(server.getString("type")).isEqualTo(lane.isEmbedded() ? "collection" : "timeseries");
        assertThat(notes).singleElement().asString().contains("layout recorded", "windowed 10m");
    }

    @Test
    void nativeCollectionRecordsItsTimeAndMetaFieldsAndBucketing() {
        assumeFalse(lane.isEmbedded(), MongoTestLane.embeddedReason("the options of a native collection"));
        MongoTimeSeriesSettings settings = lane.freshSettings("layout");
        TestData.open(settings).close();

        Document server = record(settings).get("serverOptions", Document.class);

        assertThat(server).containsEntry("timeField", "t").containsEntry("metaField", "meta");
        assertThat(server.containsKey("granularity") || server.containsKey("bucketMaxSpanSeconds")).isTrue();
    }

    @Test
    void theIssuesScenarioIsRefusedForTheWidth() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("layout");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
            store.store(List.of(TestData.reading(TestData.freshSeries("issue"), 8 * 3600 + 38 * 60 + 58, 1)));
        }
        RetentionPolicy grace90 = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90), RETENTION.futureTolerance());

        // when / then
        assertThatIllegalStateException().isThrownBy(() -> MongoTimeSeriesReadingStore.open(settings,
                        BucketPolicy.windowed(Duration.ofMinutes(30), 1000), grace90))
                .withMessageContaining("mongo-timeseries collection " + settings.database() + "." + settings.collection())
                .withMessageContaining("bucket width (bucketWidth): stored 1h, configured 30m")
                .withMessageNotContaining("expires");
    }

    @Test
    void anotherRetentionTheServerCannotApplyWarnsNamingTheSettingBothValuesAndTheCommand() {
        // given: the embedded server's fallback collection, whose TTL index cannot be changed there (no collMod)
        assumeTrue(lane.isEmbedded(), "a real server applies the change: see NativeCollectionTest");
        MongoTimeSeriesSettings settings = lane.freshSettings("layout");
        TestData.open(settings).close();

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.of(Duration.ofDays(7)))) {
            // then
            assertThat(store.startWarnings()).anyMatch(w -> w.contains("expires readings after 2161h (expireAfterSeconds 7779600)")
                    && w.contains("asks for 169h (expireAfterSeconds 608400): retention (retention) changed from 90d to 7d")
                    && w.contains("the server refused to change it")
                    && w.contains("db.runCommand({'collMod': '" + settings.collection() + "', 'index': {'keyPattern': {'t': 1},"
                    + " 'expireAfterSeconds': 608400}})"));
            assertThat(store.startNotes()).anyMatch(n -> n.contains("retention (retention) changed from 90d to 7d, which is safe"));
        }
    }

    @Test
    void aCollectionWithReadingsButNoRecordIsAdoptedSayingWhatWasChecked() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("layout");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
            store.store(List.of(TestData.reading(TestData.freshSeries("legacy"), 60, 1)));
        }
        try (MongoClient client = TestData.client()) {
            layouts(client.getDatabase(settings.database())).deleteOne(Filters.eq("_id", settings.collection()));
        }

        // when
        try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
            // then
            assertThat(store.startNotes()).singleElement().asString().contains("had no layout record", "after checking");
            assertThat(store.statistics().readings()).isEqualTo(1);
        }
        assertThat(record(settings)).containsEntry("widthMillis", 3_600_000L);
    }

    @Test
    void collModCommandsChangeTheCollectionsExpiryOrTheFallbacksTtlIndex() {
        assertThat(ExpiryFollows.collectionCommand("readings", 608_400L).toJson())
                .isEqualTo("{\"collMod\": \"readings\", \"expireAfterSeconds\": 608400}");
        assertThat(ExpiryFollows.collectionCommand("readings", null).toJson())
                .isEqualTo("{\"collMod\": \"readings\", \"expireAfterSeconds\": \"off\"}");
        assertThat(ExpiryFollows.indexCommand("readings", 608_400L).toJson())
                .isEqualTo("{\"collMod\": \"readings\", \"index\": {\"keyPattern\": {\"t\": 1}, \"expireAfterSeconds\": 608400}}");
    }

    private Document record(MongoTimeSeriesSettings settings) {
        try (MongoClient client = TestData.client()) {
            Document record = layouts(client.getDatabase(settings.database())).find(Filters.eq("_id", settings.collection())).first();
            assertThat(record).as("layout record of " + settings.collection()).isNotNull();
            return record;
        }
    }

    private static com.mongodb.client.MongoCollection<Document> layouts(MongoDatabase database) {
        return database.getCollection(LayoutDocuments.COLLECTION);
    }
}
