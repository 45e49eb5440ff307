package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What only a real server can show: the native collection, its options, TTL, statistics and refusals. */
class NativeCollectionTest {

    private final MongoTestLane lane = MongoTestLane.get();

    @BeforeEach
    void onlyOnARealServer() {
        assumeFalse(lane.isEmbedded(), MongoTestLane.embeddedReason(
                "the time-series collection, its options, TTL, statistics and refusals"));
    }

    @Test
    void createdCollectionIsTimeSeriesWithOptionsFromThePolicies() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native").withFallback(true);

        // when
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            // then: native even though the fallback was allowed
            assertThat(store.usesFallback()).isFalse();
            assertThat(store.startWarnings()).noneMatch(w -> w.contains("FALLBACK"));
            Document entry = entry(client.getDatabase(settings.database()), settings.collection());
            assertThat(entry.getString("type")).isEqualTo("timeseries");
            Document options = entry.get("options", Document.class);
            Document timeseries = options.get("timeseries", Document.class);
            assertThat(timeseries.getString("timeField")).isEqualTo("t");
            assertThat(timeseries.getString("metaField")).as("a new collection keeps tags").isEqualTo("meta");
            if (store.serverFeatures().atLeast(ServerVersion.CUSTOM_BUCKETING)) {
                assertThat(timeseries.get("bucketMaxSpanSeconds", Number.class).longValue()).isEqualTo(3600);
                assertThat(timeseries.get("bucketRoundingSeconds", Number.class).longValue()).isEqualTo(3600);
            } else {
                assertThat(timeseries.getString("granularity")).isEqualTo("seconds");
            }
            assertThat(options.get("expireAfterSeconds", Number.class).longValue()).isEqualTo(90L * 86_400 + 3_600);
        }
    }

    @Test
    void aFiveMinuteWidthGetsHourLongBucketsFrom63() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native");

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings,
                BucketPolicy.windowed(Duration.ofMinutes(5), 1000), RetentionPolicy.defaults());
             MongoClient client = TestData.client()) {
            assumeTrue(store.serverFeatures().atLeast(ServerVersion.CUSTOM_BUCKETING),
                    "custom bucket spans need MongoDB 6.3 (binary and featureCompatibilityVersion)");

            // then
            Document timeseries = entry(client.getDatabase(settings.database()), settings.collection())
                    .get("options", Document.class).get("timeseries", Document.class);
            assertThat(timeseries.get("bucketMaxSpanSeconds", Number.class).longValue()).isEqualTo(3600);
            assertThat(timeseries.get("bucketRoundingSeconds", Number.class).longValue()).isEqualTo(3600);
        }
    }

    @Test
    void aRetentionLongerThanTheSecondsSince1970StartsWithoutExpiryAndSaysSo() {
        // given: 60 years, below 2^31-1 s but above the seconds since 1970, which the server refuses
        MongoTimeSeriesSettings settings = lane.freshSettings("native");

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.of(Duration.ofDays(365L * 60))); MongoClient client = TestData.client()) {
            // then
            assertThat(store.startWarnings()).anyMatch(w -> w.contains("no expiry"));
            assertThat(entry(client.getDatabase(settings.database()), settings.collection())
                    .get("options", Document.class)).doesNotContainKey("expireAfterSeconds");
        }
    }

    @Test
    void plainCollectionOfTheSameNameIsRefusedEvenWithTheFallback() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native").withFallback(true);
        try (MongoClient client = TestData.client()) {
            client.getDatabase(settings.database()).createCollection(settings.collection());
        }

        // when / then
        assertThatIllegalStateException().isThrownBy(() -> TestData.open(settings))
                .withMessageContaining("plain (not time-series) collection").withMessageContaining(settings.collection());
    }

    @Test
    void timeSeriesCollectionWithOtherFieldsIsRefused() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native");
        try (MongoClient client = TestData.client()) {
            client.getDatabase(settings.database()).runCommand(new Document("create", settings.collection())
                    .append("timeseries", new Document("timeField", "time").append("metaField", "meta")));
        }

        // when / then
        assertThatIllegalStateException().isThrownBy(() -> TestData.open(settings))
                .withMessageContaining("timeField 'time' and metaField 'meta'");
    }

    @Test
    void reopeningWithAnotherRetentionChangesTheCollectionsExpiryWithCollMod() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native");
        TestData.open(settings).close();

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.of(Duration.ofDays(30)))) {
            // then
            assertThat(store.startWarnings()).noneMatch(w -> w.contains("expires readings after"));
            assertThat(store.startNotes()).anyMatch(n -> n.contains("retention (retention) changed from 90d to 30d, which is safe"));
        }
        try (MongoClient client = TestData.client()) {
            Document options = client.getDatabase(settings.database()).listCollections()
                    .filter(new Document("name", settings.collection())).first().get("options", Document.class);
            assertThat(options.get("expireAfterSeconds", Number.class).longValue()).isEqualTo(30L * 86_400 + 3_600);
        }
    }

    @Test
    void reopeningKeepsAnExpiryChangedByHandAndWarnsNamingTheRecordedRetention() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("native");
        TestData.open(settings).close();
        try (MongoClient client = TestData.client()) {
            client.getDatabase(settings.database()).runCommand(ExpiryFollows.collectionCommand(settings.collection(), 60L));
        }

        // when
        try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
            // then
            assertThat(store.startWarnings()).anyMatch(w -> w.contains("expires readings after 1m (expireAfterSeconds 60)")
                    && w.contains("the recorded retention and grace are the configured ones"));
        }
    }

    @Test
    void statisticsAreTheServersBuckets() {
        // given: two series, three hourly windows
        try (MongoTimeSeriesReadingStore store = TestData.open(lane.freshSettings("native"))) {
            String a = TestData.freshSeries("n");
            String b = TestData.freshSeries("n");
            List<Reading> readings = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                readings.add(TestData.reading(a, 240L * i, i));
            }
            readings.add(reading(b, 0, 1));
            store.store(readings);

            // when
            StorageStatistics statistics = store.statistics();

            // then
            assertThat(store.capabilities()).contains(Capability.BUCKET_BYTES);
            assertThat(statistics.series()).isEqualTo(2);
            assertThat(statistics.readings()).isEqualTo(31);
            assertThat(statistics.buckets()).isBetween(3L, 31L);
            assertThat(statistics.avgBucketBytes()).isNotNull().isPositive();
            assertThat(statistics.maxReadingsPerBucket()).isBetween(1L, 30L);
            assertThat(statistics.note()).contains("collStats");
        }
    }

    @Test
    void deleteSeriesAndEvictionRemoveReadings() {
        // given
        try (MongoTimeSeriesReadingStore store = TestData.open(lane.freshSettings("native"))) {
            assumeTrue(store.serverFeatures().atLeast(ServerVersion.ANY_DELETES),
                    "time-based deletes on time-series collections need MongoDB 7.0");
            String a = TestData.freshSeries("n");
            String b = TestData.freshSeries("n");
            store.store(List.of(reading(a, 0, 1), reading(a, 60, 2), reading(b, 0, 3), reading(b, 7_200, 4)));

            // when / then
            assertThat(store.deleteSeries(new SeriesId(a))).isEqualTo(2);
            assertThat(store.evictBefore(TestData.BASE.plusSeconds(3_600))).isEqualTo(1);
            assertThat(store.statistics().readings()).isEqualTo(1);
        }
    }

    private static Document entry(MongoDatabase database, String name) {
        for (Document entry : database.listCollections()) {
            if (name.equals(entry.getString("name"))) {
                return entry;
            }
        }
        throw new AssertionError("no collection " + name);
    }
}
