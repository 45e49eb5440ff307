package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SubWindows;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sub-window width in the layout record: buckets keep summaries of that width, so a start with
 * another is refused (before, it silently made aggregates read every reading), naming both values.
 */
class SubWindowLayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();
    private static final BucketPolicy.Windowed FIVE = BucketPolicy.windowed(Duration.ofHours(1), 100)
            .withSubWindows(SubWindows.every(Duration.ofMinutes(5)));

    @Test
    void theRecordBuiltHoldsTheSubWindowWidthAndTheDocumentLayout() {
        MongoBucketSettings settings = new MongoBucketSettings("mongodb://127.0.0.1:1", "db", "c")
                .withLayout(DocumentLayout.SEALED, null);
        try (MongoClient client = MongoClients.create(settings.uri())) { // connects on first use only: nothing is sent here
            LayoutDocuments records = new LayoutDocuments(client.getDatabase("db"), "c");

            Document five = records.document(CollectionStart.configured(settings, FIVE, RETENTION));
            Document off = records.document(CollectionStart.configured(settings.withLayout(DocumentLayout.ROWS, null),
                    BucketPolicy.paged(10), RETENTION));

            assertThat(five).containsEntry("_id", "c").containsEntry("subWindowMillis", 300_000L)
                    .containsEntry("documents", "sealed");
            assertThat(five.getString("description")).endsWith(", layout sealed, sub-window 5m");
            assertThat(off).containsEntry("subWindowMillis", 0L).doesNotContainKey("documents");
        }
    }

    @Test
    void aCollectionWithSubWindowsIsRefusedWithAnotherWidthOrWithoutThem() {
        // given: a collection holding a reading, made with five-minute sub-windows
        MongoBucketSettings settings = collectionWithOneReading("subrecord");

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings,
                FIVE.withSubWindows(SubWindows.every(Duration.ofMinutes(10))), RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mongo-bucket collection bucketry_test." + settings.collection())
                .hasMessageContaining("sub-window width (subWindow): stored 5m, configured 10m");
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.windowed(Duration.ofHours(1), 100), RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sub-window width (subWindow): stored 5m, configured off");
        assertThat(record(settings)).containsEntry("subWindowMillis", 300_000L);
        try (MongoBucketReadingStore again = MongoBucketReadingStore.open(settings, FIVE, RETENTION)) {
            assertThat(again.startNotes()).isEmpty();
        }
    }

    @Test
    void aRecordMadeBeforeTheFieldTakesTheConfiguredWidthAndRefusesAnotherAfterwards() {
        // given: a collection whose record lacks the field (made by an earlier Bucketry)
        MongoBucketSettings settings = collectionWithOneReading("subold");
        forgetSubWindow(settings);

        // when
        List<String> notes;
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, FIVE, RETENTION)) {
            notes = store.startNotes();
        }

        // then: recorded now, and another width is refused from then on
        assertThat(notes).singleElement().asString().contains("sub-window width (subWindow) changed from not recorded to 5m");
        assertThat(record(settings)).containsEntry("subWindowMillis", 300_000L);
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings,
                FIVE.withSubWindows(SubWindows.every(Duration.ofMinutes(15))), RETENTION))
                .hasMessageContaining("sub-window width (subWindow): stored 5m, configured 15m");
    }

    private static Document record(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            return layouts(client, settings).find(Filters.eq("_id", settings.collection())).first();
        }
    }

    private static MongoCollection<Document> layouts(MongoClient client, MongoBucketSettings settings) {
        return client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION);
    }

    /** A fresh collection made with five-minute sub-windows, holding one reading of a fresh series. */
    private static MongoBucketSettings collectionWithOneReading(String series) {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, FIVE, RETENTION)) {
            store.store(List.of(value(freshSeries(series), minute(0), 1)));
        }
        return settings;
    }
}
