package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.adapter.mongo.common.layout.CollectionLayout;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The layout record of a bucket collection: written at the first start, checked and updated at later ones. */
class LayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();

    @Test
    void firstStartRecordsTheLayoutInTheLayoutsCollectionUnderTheCollectionsName() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();

        // when
        List<String> notes;
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofMinutes(15), 40),
                RETENTION)) {
            notes = store.startNotes();
        }

        // then
        Document record = record(settings);
        assertThat(record).containsEntry("backend", "mongo-bucket").containsEntry("policy", "windowed")
                .containsEntry("widthMillis", 900_000L).containsEntry("maxCount", 40)
                .containsEntry("maxBytes", BucketPolicy.DEFAULT_MAX_BYTES).containsEntry("layoutVersion", 1)
                .containsEntry("retentionMillis", RETENTION.retention().toMillis())
                .containsEntry("graceMillis", RETENTION.grace().toMillis());
        assertThat(notes).singleElement().asString().contains("layout recorded", "windowed 15m");
    }

    @Test
    void theIssuesScenarioIsRefusedForTheWidthNotForTheExpiryIndex() {
        // given: w @ 08:38:58Z stored with one-hour buckets
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = TestData.freshSeries("issue");
        Instant time = Instant.parse("2030-07-21T08:38:58Z");
        Reading reading = TestData.value(series, time, 1);
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            store.store(List.of(reading));
        }

        // when / then: --bucket-width 30m --grace 90m, so retention + width + grace (the TTL) is unchanged
        RetentionPolicy grace90 = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90), RETENTION.futureTolerance());
        BucketPolicy halfHour = BucketPolicy.windowed(Duration.ofMinutes(30), BucketPolicy.DEFAULT_MAX_COUNT);
        assertThat(BucketIndexes.expireAfterSeconds(halfHour, grace90))
                .as("the scenario's TTL matches").isEqualTo(BucketIndexes.expireAfterSeconds(BucketPolicy.defaults(), RETENTION));
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, halfHour, grace90))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mongo-bucket collection bucketry_test." + settings.collection())
                .hasMessageContaining("bucket width (bucketWidth): stored 1h, configured 30m")
                .hasMessageContaining("Start with the stored value, use a new collection (--mongo-collection)")
                .hasMessageNotContaining("expireAfterSeconds")
                .hasMessageNotContaining("\n");
        try (MongoBucketReadingStore again = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            assertThat(again.read(series, new TimeRange(time.minusSeconds(1), time.plusSeconds(1)), 10)).containsExactly(reading);
            assertThat(again.store(List.of(TestData.value(series, time, 2))).duplicates()).isEqualTo(1);
        }
    }

    @Test
    void aWidthChangedAloneIsRefusedForTheWidthBeforeTheTtlIndexIsLookedAt() {
        // given: the issue's first case, where the TTL index differs too and used to take the blame
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            store.store(List.of(TestData.value(TestData.freshSeries("issue"), Instant.parse("2030-07-21T08:38:58Z"), 1)));
        }
        BucketPolicy halfHour = BucketPolicy.windowed(Duration.ofMinutes(30), BucketPolicy.DEFAULT_MAX_COUNT);

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, halfHour, RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bucket width (bucketWidth): stored 1h, configured 30m")
                .hasMessageNotContaining("expireAfterSeconds")
                .hasMessageNotContaining("collMod");
    }

    @Test
    void graceChangedAloneIsAcceptedAndTheTtlIndexFollowsOnARealServer() {
        // given: the issue's other case, grace changed alone, where the TTL index differs
        MongoLane.assumeRealServer("a retention or grace change is applied with collMod, which mongo-java-server lacks;"
                + " IndexesTest checks the refusal that names the setting there");
        MongoBucketSettings settings = MongoLane.freshSettings();
        MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION).close();
        RetentionPolicy grace90 = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90), RETENTION.futureTolerance());

        // when
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), grace90)) {
            // then
            assertThat(store.startNotes()).anyMatch(note -> note.contains("grace (grace) changed from 1h to 90m, which is safe"));
        }
        assertThat(record(settings)).containsEntry("graceMillis", Duration.ofMinutes(90).toMillis());
    }

    @Test
    void ttlIndexChangedByHandIsRefusedSayingTheRecordedRetentionIsTheConfiguredOne() {
        // given: a recorded collection whose TTL index someone replaced with one of another expiry
        MongoBucketSettings settings = MongoLane.freshSettings();
        MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION).close();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            MongoCollection<Document> buckets = client.getDatabase(settings.database()).getCollection(settings.collection());
            buckets.dropIndex("start_1");
            buckets.createIndex(Indexes.ascending("start"), new IndexOptions().name("start_1").expireAfter(60L, TimeUnit.SECONDS));
        }

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has expireAfterSeconds 60, but retention 90d + grace 1h + bucket width 1h needs 7783200")
                .hasMessageContaining("the recorded retention and grace are the configured ones, so it was changed outside Bucketry or could not follow")
                .hasMessageContaining("collMod");
    }

    @Test
    void smallerMaxCountIsAnnouncedAsSafeAndRecorded() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofHours(1), 5), RETENTION).close();

        // when
        List<String> notes;
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofHours(1), 2),
                RETENTION)) {
            notes = store.startNotes();
        }

        // then
        assertThat(notes).singleElement().asString()
                .contains("bucket max count (bucketMaxCount) changed from 5 to 2, which is safe", "record is updated");
        assertThat(record(settings)).containsEntry("maxCount", 2);
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofHours(1), 2),
                RETENTION)) {
            assertThat(store.startNotes()).as("nothing changed since").isEmpty();
        }
    }

    @Test
    void bucketsWithoutARecordAreAdoptedWhenTheyFitAndTheStartSaysSo() {
        // given: buckets written before layout records existed
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = TestData.freshSeries("legacy");
        List<Reading> readings = TestData.every(series, TestData.BASE.plusSeconds(600), Duration.ofMinutes(7), 30);
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            store.store(readings);
        }
        deleteRecord(settings);

        // when
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            // then
            assertThat(store.startNotes()).singleElement().asString()
                    .contains("had no layout record", "after checking 4 of its buckets", "cannot be read from the data");
        }
        assertThat(record(settings)).containsEntry("widthMillis", 3_600_000L);
    }

    @Test
    void bucketsWithoutARecordThatDoNotFitTheWidthAreRefusedAndNothingIsRecorded() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        SeriesId series = TestData.freshSeries("legacy");
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RETENTION)) {
            store.store(List.of(TestData.value(series, Instant.parse("2030-07-21T08:38:58Z"), 1)));
        }
        deleteRecord(settings);

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofMinutes(30), 1000),
                RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no layout record")
                .hasMessageContaining("starting at 2030-07-21T08:00:00Z holds a reading at 2030-07-21T08:38:58Z, outside a"
                        + " window of the configured bucket width (bucketWidth) 30m");
        assertThat(recordOrNull(settings)).isNull();
    }

    @Test
    void aLostRaceOfFirstStartsReadsTheWinnersRecord() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            LayoutDocuments records = new LayoutDocuments(client.getDatabase(settings.database()), settings.collection());
            CollectionLayout first = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(), RETENTION, Map.of());
            CollectionLayout second = CollectionLayout.of("mongo-bucket", BucketPolicy.paged(7), RETENTION, Map.of());

            // when
            boolean won = records.insert(first);
            boolean lost = records.insert(second);

            // then
            assertThat(won).isTrue();
            assertThat(lost).isFalse();
            assertThat(records.find()).contains(first);
        }
    }

    private static Document record(MongoBucketSettings settings) {
        Document record = recordOrNull(settings);
        assertThat(record).as("layout record of " + settings.collection()).isNotNull();
        return record;
    }

    private static Document recordOrNull(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            return layouts(client, settings).find(Filters.eq("_id", settings.collection())).first();
        }
    }

    private static void deleteRecord(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            layouts(client, settings).deleteOne(Filters.eq("_id", settings.collection()));
        }
    }

    private static MongoCollection<Document> layouts(MongoClient client, MongoBucketSettings settings) {
        return client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION);
    }
}
