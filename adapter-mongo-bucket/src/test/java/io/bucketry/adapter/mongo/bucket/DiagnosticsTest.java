package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics.Index;
import io.bucketry.adapter.mongo.bucket.StorageProbe.Sizes;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the server says about itself and a store's collection, as check and simulate read it. */
class DiagnosticsTest {

    private static final BucketPolicy POLICY = BucketPolicy.windowed(Duration.ofHours(1), 1000);

    private static MongoBucketSettings storeWithReadings(int count) {
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults())) {
            store.store(TestData.every(TestData.freshSeries("diag"), Instant.now().minus(Duration.ofHours(3)),
                    Duration.ofMinutes(1), count));
        }
        return settings;
    }

    @Test
    void theIndexesListedAfterAStartAreTheOnesTheStoreSaysItCreates() {
        MongoBucketSettings settings = storeWithReadings(10);
        try (MongoServerDiagnostics server = MongoServerDiagnostics.open(settings)) {
            List<Index> indexes = server.indexes(settings.collection());
            List<Index> expected = MongoBucketDiagnostics.expectedIndexes(POLICY, RetentionPolicy.defaults());

            for (Index wanted : expected) {
                assertThat(indexes).as(wanted.name()).anySatisfy(index -> {
                    assertThat(index.name()).isEqualTo(wanted.name());
                    assertThat(BsonDocument.parse(index.keyJson())).isEqualTo(BsonDocument.parse(wanted.keyJson()));
                    assertThat(index.unique()).isEqualTo(wanted.unique());
                    assertThat(index.expireAfterSeconds()).isEqualTo(wanted.expireAfterSeconds());
                });
            }
            assertThat(expected.get(1).expireAfterSeconds()).isEqualTo(BucketIndexes.expireAfterSeconds(POLICY,
                    RetentionPolicy.defaults()));
        }
    }

    @Test
    void collectionsAreCountedListedAndDropped() {
        MongoBucketSettings settings = storeWithReadings(90);   // two windows: two buckets
        try (MongoServerDiagnostics server = MongoServerDiagnostics.open(settings)) {
            assertThat(server.count(settings.collection())).isEqualTo(server.storage(settings.collection()).documents())
                    .isBetween(2L, 3L);
            assertThat(server.collection(settings.collection())).hasValueSatisfying(c -> assertThat(c.type()).isEqualTo("collection"));
            assertThat(server.collection("never_created")).isEmpty();

            server.drop(settings.collection());

            assertThat(server.collectionNames()).doesNotContain(settings.collection());
            assertThat(server.count(settings.collection())).isZero();
        }
    }

    @Test
    void onTheEmbeddedServerTheSizesItCannotMeasureAreMissingWithTheServersReason() {
        Assumptions.assumeTrue(MongoLane.isEmbedded(), "the embedded server's gaps");
        MongoBucketSettings settings = storeWithReadings(10);
        try (MongoServerDiagnostics server = MongoServerDiagnostics.open(settings)) {
            Sizes sizes = server.storage(settings.collection());
            MongoServerDiagnostics.Server facts = server.server();

            assertThat(sizes.bsonBytes()).isNull();
            assertThat(sizes.storageBytes()).isNull();
            assertThat(sizes.notes()).anyMatch(n -> n.startsWith("$bsonSize refused: ")).anyMatch(n -> n.startsWith("$collStats refused: "));
            assertThat(facts.version()).isNotBlank();
            assertThat(facts.featureCompatibilityVersion()).isNull();
            assertThat(facts.fcvNote()).startsWith("getParameter featureCompatibilityVersion refused: ").doesNotContain("full response");
        }
    }

    @Test
    void aRealServerMeasuresBsonDataStorageAndIndexSizesAndTellsItsFcv() {
        MongoLane.assumeRealServer("$bsonSize, $collStats and getParameter need a real server");
        MongoBucketSettings settings = storeWithReadings(120);
        try (MongoServerDiagnostics server = MongoServerDiagnostics.open(settings)) {
            Sizes sizes = server.storage(settings.collection());

            assertThat(sizes.notes()).isEmpty();
            assertThat(sizes.bsonBytes()).isPositive();
            assertThat(sizes.dataBytes()).isPositive();
            assertThat(sizes.storageBytes()).isPositive();
            assertThat(sizes.indexBytes()).isPositive();
            assertThat(server.server().featureCompatibilityVersion()).matches("\\d+\\.\\d+");
        }
    }

    @Test
    void onARealServerTheRangeLatestAndUpsertFiltersAreIndexScansAndExplainingWritesNothing() {
        MongoLane.assumeRealServer("the embedded test server cannot explain");
        MongoBucketSettings settings = storeWithReadings(120);
        Instant from = Instant.now().minus(Duration.ofHours(3));
        Reading reading = Reading.of("diag-explain", from, Map.of("temperature", 1.0));
        try (MongoServerDiagnostics server = MongoServerDiagnostics.open(settings)) {
            long before = server.count(settings.collection());
            Map<String, String> plans = MongoBucketDiagnostics.explain(settings, POLICY, reading, from, Instant.now());

            assertThat(plans).containsOnlyKeys("range", "latest", "upsert");
            plans.forEach((name, plan) -> assertThat(plan).as(name).contains("IXSCAN"));
            assertThat(server.count(settings.collection())).isEqualTo(before);
        }
    }

    @Test
    void theExplainCommandsAreTheStoresOwnFiltersAtQueryPlannerVerbosity() {
        MongoBucketSettings settings = MongoLane.freshSettings();
        Instant from = Instant.parse("2030-07-21T10:20:00Z");
        Reading reading = Reading.of("s-1", from, Map.of("temperature", 1.0));
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, POLICY, RetentionPolicy.defaults())) {
            Map<String, BsonDocument> commands = MongoBucketDiagnostics.commands(store.collection(), POLICY, reading, from,
                    from.plus(Duration.ofHours(1)));

            assertThat(commands.keySet()).containsExactly("range", "latest", "upsert");
            commands.values().forEach(c -> assertThat(c.getString("verbosity").getValue()).isEqualTo("queryPlanner"));
            BsonDocument range = commands.get("range").getDocument("explain");
            assertThat(range.getString("find").getValue()).isEqualTo(settings.collection());
            assertThat(range.getDocument("sort")).isEqualTo(BsonDocument.parse("{series: 1, start: 1, seq: 1}"));
            BsonDocument statement = commands.get("upsert").getDocument("explain").getArray("updates").get(0).asDocument();
            assertThat(statement.getBoolean("upsert").getValue()).isTrue();
            assertThat(statement.getDocument("q").getString("series").getValue()).isEqualTo("s-1");
            assertThat(statement.getDocument("q").getDateTime("start").getValue())
                    .isEqualTo(Instant.parse("2030-07-21T10:00:00Z").toEpochMilli());
            assertThat(statement.getDocument("q").getInt32("seq").getValue()).isZero();
            assertThat(commands.get("latest").getDocument("explain").getDocument("sort"))
                    .isEqualTo(BsonDocument.parse("{series: -1, start: -1, seq: -1}"));
        }
    }

    @Test
    void aWriteConcernSetByTheConnectionStringIsTheOneReported() {
        MongoBucketSettings settings = new MongoBucketSettings("mongodb://127.0.0.1:1/?w=2", "bucketry", null);

        assertThat(MongoServerDiagnostics.clientWriteConcern(settings)).isEqualTo("2");
    }
}
