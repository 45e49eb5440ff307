package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tags in the layout record: a new collection records them; one made before tags keeps working without them,
 * refuses tag questions and a start asking for tags, each time naming the migrate that moves it.
 */
class TagsLayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();
    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 100);
    private static final Reading TAGGED = value(new SeriesId("tagged"), minute(1), 1)
            .withMeta(SeriesMeta.of(Tags.of("building", "7")));

    @Test
    void aNewCollectionRecordsTagsAndItsStoreDeclaresThem() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, HOURLY, RETENTION)) {
            assertThat(store.capabilities()).contains(Capability.TAGS);
        }
        assertThat(record(settings)).containsEntry("tags", true);
        assertThat(record(settings).getString("description")).endsWith(", tags");
    }

    @Test
    void aCollectionMadeBeforeTagsKeepsWorkingWithoutThemAndRefusesTagQuestionsNamingMigrate() {
        // given: a collection whose record lacks the field (made by a Bucketry before tags), holding a reading
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, HOURLY, RETENTION)) {
            store.store(List.of(value(new SeriesId("old"), minute(0), 0)));
        }
        forgetTags(settings);

        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, HOURLY, RETENTION)) {
            // when: a tagged reading arrives, and tag questions are asked
            store.store(List.of(TAGGED));

            // then: stored as before, without its tags; tag questions refused with the way out
            assertThat(store.capabilities()).doesNotContain(Capability.TAGS);
            assertThat(store.read(TAGGED.series(), TimeRange.of(BASE, minute(60)), 10))
                    .containsExactly(TAGGED.withMeta(SeriesMeta.NONE));
            assertThat(store.collection().find(Filters.exists(BucketMeta.TAGS)).first()).isNull();
            assertThat(store.latestMeta(List.of(TAGGED.series()))).isEmpty();
            assertThatThrownBy(() -> store.aggregateGroups(TagFilter.ANY, GroupBy.of("building"),
                    TimeRange.of(BASE, minute(60)), Duration.ofMinutes(5), 100))
                    .isInstanceOf(TagsUnsupportedException.class)
                    .hasMessageContaining("mongo-bucket collection bucketry_test." + settings.collection() + " keeps no tags")
                    .hasMessageContaining("aggregates grouped by tags")
                    .hasMessageContaining("bucketry migrate --from-config");
            assertThatThrownBy(() -> store.listSeries(TagFilter.of(TagFilter.Condition.any("building")), "", null, 10, BASE))
                    .isInstanceOf(TagsUnsupportedException.class).hasMessageContaining("bucketry migrate");
        }
        assertThat(record(settings)).doesNotContainKey("tags");
    }

    @Test
    void enablingTagsOnACollectionMadeWithoutThemIsRefusedNamingMigrate() {
        MongoBucketSettings settings = MongoLane.freshSettings().withTags(false);
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, HOURLY, RETENTION)) {
            store.store(List.of(value(new SeriesId("off"), minute(0), 0)));
            assertThat(store.capabilities()).doesNotContain(Capability.TAGS);
        }
        assertThat(record(settings)).containsEntry("tags", false);

        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings.withTags(true), HOURLY, RETENTION))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tags (mongoTags): stored off, configured on")
                .hasMessageContaining("bucketry migrate --from-config old.yaml --to-config new.yaml");
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings.withTags(null), HOURLY, RETENTION)) {
            assertThat(store.capabilities()).as("unset: as recorded").doesNotContain(Capability.TAGS);
        }
    }

    @Test
    void pagedBucketsKeepNoTagsAndAskingForThemIsRefused() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.paged(10), RETENTION)) {
            assertThat(store.capabilities()).doesNotContain(Capability.TAGS);
        }
        assertThatThrownBy(() -> MongoBucketReadingStore.open(MongoLane.freshSettings().withTags(true),
                BucketPolicy.paged(10), RETENTION))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("windowed buckets only");
    }

    private static void forgetTags(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION)
                    .updateOne(Filters.eq("_id", settings.collection()), Updates.unset("tags"));
        }
    }

    private static Document record(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            return client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION)
                    .find(Filters.eq("_id", settings.collection())).first();
        }
    }
}
