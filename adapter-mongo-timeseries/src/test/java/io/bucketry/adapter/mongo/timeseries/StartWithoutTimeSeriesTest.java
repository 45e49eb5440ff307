package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.Capability;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A server without native time-series collections (the embedded fake): refused, unless the fallback is on. */
class StartWithoutTimeSeriesTest {

    private final MongoTestLane lane = MongoTestLane.get();

    @BeforeEach
    void onlyOnAServerWithoutTimeSeries() {
        assumeTrue(lane.isEmbedded(), "real lane: this server has native time-series collections, so the refusal"
                + " of a server without them is tested in the embedded lane");
    }

    @Test
    void serverWithoutTimeSeriesIsRefusedNamingTimeSeriesAndTheVersion() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("refused").withFallback(false);

        // when / then
        assertThatIllegalStateException().isThrownBy(() -> TestData.open(settings))
                .withMessageContaining("time-series collections")
                .withMessageMatching("(?s)MongoDB server \\d+\\.\\d+\\.\\d+ has no native time-series.*")
                .withMessageContaining("mongo-bucket").withMessageContaining("timeseriesFallback");
        try (MongoClient client = TestData.client()) {
            assertThat(names(client.getDatabase(settings.database()))).doesNotContain(settings.collection());
        }
    }

    @Test
    void existingPlainCollectionOnSuchAServerIsRefusedTooWithoutFallback() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("refused").withFallback(false);
        try (MongoClient client = TestData.client()) {
            client.getDatabase(settings.database()).createCollection(settings.collection());
        }

        // when / then
        assertThatIllegalStateException().isThrownBy(() -> TestData.open(settings))
                .withMessageContaining("has no native time-series collections");
    }

    @Test
    void fallbackWarnsAndIndexesSeriesAndTime() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("fallback");

        // when
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            // then
            assertThat(store.usesFallback()).isTrue();
            assertThat(store.startWarnings()).hasSize(1);
            assertThat(store.startWarnings().get(0)).contains("FALLBACK", "one plain document per reading",
                    "{meta.series: 1, t: 1}", store.serverVersion());
            List<Document> keys = new ArrayList<>();
            TestData.collection(client, settings).listIndexes().forEach(index -> keys.add(index.get("key", Document.class)));
            assertThat(keys).contains(new Document("meta.series", 1).append("t", 1), new Document("t", 1));
            assertThat(store.capabilities()).containsExactlyInAnyOrder(Capability.DURABLE, Capability.TAGS);
        }
    }

    @Test
    void fallbackReopensItsOwnPlainCollection() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("fallback");
        String series = TestData.freshSeries("re");
        try (MongoTimeSeriesReadingStore first = TestData.open(settings)) {
            first.store(List.of(TestData.reading(series, 0, 1)));
        }

        // when
        try (MongoTimeSeriesReadingStore again = TestData.open(settings)) {
            // then
            assertThat(again.usesFallback()).isTrue();
            assertThat(again.statistics().readings()).isEqualTo(1);
        }
    }

    @Test
    void fallbackReopenedWithAnotherRetentionKeepsItsExpiryIndexAndWarns() {
        // given
        MongoTimeSeriesSettings settings = lane.freshSettings("fallback");
        TestData.open(settings).close();

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.of(Duration.ofDays(7)))) {
            // then
            assertThat(store.startWarnings()).hasSize(2);
            assertThat(store.startWarnings().get(1)).contains("already has an index on t that expires readings after 2161h (expireAfterSeconds 7779600)",
                    "asks for 169h (expireAfterSeconds 608400)");
        }
    }

    @Test
    void fallbackStatisticsSayThatDocumentsAreReadings() {
        // given: three readings of one series in one window
        String series = TestData.freshSeries("stats");
        try (MongoTimeSeriesReadingStore store = TestData.open(lane.freshSettings("fallback"))) {
            store.store(List.of(TestData.reading(series, 0, 1), TestData.reading(series, 60, 2),
                    TestData.reading(series, 120, 3)));

            // when
            StorageStatistics statistics = store.statistics();

            // then: no pretended buckets
            assertThat(statistics.backend()).isEqualTo("mongo-timeseries");
            assertThat(statistics.series()).isEqualTo(1);
            assertThat(statistics.readings()).isEqualTo(3);
            assertThat(statistics.buckets()).isEqualTo(3);
            assertThat(statistics.maxReadingsPerBucket()).isEqualTo(1);
            assertThat(statistics.avgBucketBytes()).isNull();
            assertThat(statistics.documentReduction()).isEqualTo(1.0);
            assertThat(statistics.note()).contains("fallback", "one document per reading");
        }
    }

    @Test
    void fallbackEvictsWholeWindowsBeforeTheCutoff() {
        // given: readings at 0 s, 59 min and 61 min, hourly windows
        String series = TestData.freshSeries("evict");
        try (MongoTimeSeriesReadingStore store = TestData.open(lane.freshSettings("fallback"))) {
            store.store(List.of(TestData.reading(series, 0, 1), TestData.reading(series, 3_540, 2),
                    TestData.reading(series, 3_660, 3)));

            // when: the cutoff falls inside the second window, then at its end
            long first = store.evictBefore(TestData.BASE.plusSeconds(3_600 + 1_800));
            long second = store.evictBefore(TestData.BASE.plusSeconds(7_200));

            // then: the first window goes (two documents), the second only once it has ended
            assertThat(first).isEqualTo(2);
            assertThat(second).isEqualTo(1);
            assertThat(store.statistics().readings()).isZero();
        }
    }

    private static List<String> names(MongoDatabase database) {
        return database.listCollectionNames().into(new ArrayList<>());
    }
}
