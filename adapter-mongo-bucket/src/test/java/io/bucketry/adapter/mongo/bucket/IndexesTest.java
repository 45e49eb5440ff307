package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class IndexesTest {

    @Test
    void windowedStoreCreatesTheUniqueKeyAndTtlOnStartAndAgainChangesNothing() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        RetentionPolicy retention = RetentionPolicy.defaults();

        // when: opened twice, with the default (windowed, one hour) policy
        MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), retention).close();
        MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), retention).close();

        // then
        List<BsonDocument> indexes = indexes(settings);
        assertThat(indexes).extracting(i -> i.getString("name").getValue())
                .containsExactlyInAnyOrder("_id_", "series_1_start_1_seq_1", "start_1", TagIndex.NAME);
        BsonDocument key = find(indexes, "series_1_start_1_seq_1");
        assertThat(key.getDocument("key").toJson()).isEqualTo("{\"series\": 1, \"start\": 1, \"seq\": 1}");
        assertThat(key.getBoolean("unique").getValue()).isTrue();
        long expected = Duration.ofDays(90).plusHours(1).plusHours(1).toSeconds();
        assertThat(find(indexes, "start_1").getNumber("expireAfterSeconds").longValue()).isEqualTo(expected);
    }

    @Test
    void pagedPolicyExpiresAfterRetentionPlusGrace() {
        assertThat(BucketIndexes.expireAfterSeconds(BucketPolicy.paged(10), RetentionPolicy.of(Duration.ofDays(1))))
                .isEqualTo(Duration.ofDays(1).plusHours(1).toSeconds());
    }

    @ParameterizedTest(name = "{0} store")
    @CsvSource({"windowed, start, 93600, 7783200", "paged, last, 90000, 7779600"})
    void ttlIndexOfAnotherRetentionThatTheServerCannotChangeStopsTheStartNamingTheSettingTheIndexAndTheFix(
            String policyName, String field, long used, long needed) {
        // given: the collection was used with a retention of one day, on a server without collMod (the embedded one)
        assumeTrue(MongoLane.isEmbedded(), "a real server changes the index with collMod: see the next test");
        BucketPolicy policy = policyName.equals("paged") ? BucketPolicy.paged(10) : BucketPolicy.defaults();
        MongoBucketSettings settings = MongoLane.freshSettings();
        MongoBucketReadingStore.open(settings, policy, RetentionPolicy.of(Duration.ofDays(1))).close();

        // when / then: opened with 90 days
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, policy, RetentionPolicy.defaults()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("retention (retention) changed from 1d to 90d")
                .hasMessageContaining("'" + field + "_1' on {" + field + "}")
                .hasMessageContaining("expireAfterSeconds " + used)
                .hasMessageContaining("needs " + needed)
                .hasMessageContaining("the server refused to change it")
                .hasMessageContaining("db.runCommand({'collMod': '" + settings.collection() + "', 'index': {'name': '"
                        + field + "_1', 'expireAfterSeconds': " + needed + "}})");
        assertThat(find(indexes(settings), field + "_1").getNumber("expireAfterSeconds").longValue())
                .as("never dropped or changed").isEqualTo(used);
    }

    @ParameterizedTest(name = "{0} store")
    @CsvSource({"windowed, start, 7783200", "paged, last, 7779600"})
    void ttlIndexFollowsASafeRetentionChangeWithCollMod(String policyName, String field, long needed) {
        // given
        MongoLane.assumeRealServer("mongo-java-server has no collMod");
        BucketPolicy policy = policyName.equals("paged") ? BucketPolicy.paged(10) : BucketPolicy.defaults();
        MongoBucketSettings settings = MongoLane.freshSettings();
        MongoBucketReadingStore.open(settings, policy, RetentionPolicy.of(Duration.ofDays(1))).close();

        // when
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, policy, RetentionPolicy.defaults())) {
            // then
            assertThat(store.startNotes()).anyMatch(note -> note.contains("retention (retention) changed from 1d to 90d"));
        }
        assertThat(find(indexes(settings), field + "_1").getNumber("expireAfterSeconds").longValue()).isEqualTo(needed);
    }

    @Test
    void collModCommandChangesTheTtlIndexByName() {
        assertThat(ExpiryIndex.collMod("buckets", "start_1", 7_783_200L).toJson()).isEqualTo(
                "{\"collMod\": \"buckets\", \"index\": {\"name\": \"start_1\", \"expireAfterSeconds\": 7783200}}");
    }

    @Test
    void pagedStoreCreatesTheTtlOnLastBecauseAPageCanOutliveItsStartAndAgainChangesNothing() {
        // given: a page may span far longer than the grace, so its start says nothing about its newest reading
        MongoBucketSettings settings = MongoLane.freshSettings();
        RetentionPolicy retention = RetentionPolicy.of(Duration.ofDays(1));

        // when: opened twice
        MongoBucketReadingStore.open(settings, BucketPolicy.paged(10), retention).close();
        MongoBucketReadingStore.open(settings, BucketPolicy.paged(10), retention).close();

        // then: TTL on last after retention + grace; no TTL on start
        List<BsonDocument> indexes = indexes(settings);
        assertThat(indexes).extracting(i -> i.getString("name").getValue())
                .containsExactlyInAnyOrder("_id_", "series_1_start_1_seq_1", "last_1");
        BsonDocument ttl = find(indexes, "last_1");
        assertThat(ttl.getDocument("key").toJson()).isEqualTo("{\"last\": 1}");
        assertThat(ttl.getNumber("expireAfterSeconds").longValue()).isEqualTo(Duration.ofDays(1).plusHours(1).toSeconds());
    }

    @ParameterizedTest(name = "{0} store, TTL on {1}")
    @CsvSource({"paged, start, last", "windowed, last, start"})
    void ttlOnTheOtherPolicysFieldStopsTheStartAndIsKept(String policyName, String existing, String needed) {
        // given: the TTL the other policy expires by (on start: what earlier versions created for paged buckets too)
        BucketPolicy policy = policyName.equals("paged") ? BucketPolicy.paged(10) : BucketPolicy.defaults();
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            collection(client, settings).createIndex(Indexes.ascending(existing), new IndexOptions().name(existing + "_1")
                    .expireAfter(BucketIndexes.expireAfterSeconds(policy, RetentionPolicy.defaults()), TimeUnit.SECONDS));
        }

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, policy, RetentionPolicy.defaults()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'" + existing + "_1' is a TTL index on {\"" + existing + "\": 1}")
                .hasMessageContaining(policyName + " buckets expire by {" + needed + "}")
                .hasMessageContaining("dropIndex('" + existing + "_1')");
        assertThat(indexes(settings)).extracting(i -> i.getString("name").getValue())
                .as("never dropped, and " + needed + "_1 is not created beside it")
                .containsExactlyInAnyOrder("_id_", existing + "_1");
    }

    @Test
    void nonUniqueKeyIndexStopsTheStart() {
        // given: someone created the key index without unique
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            collection(client, settings).createIndex(Indexes.ascending("series", "start", "seq"),
                    new IndexOptions().name("my_key"));
        }

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'my_key'")
                .hasMessageContaining("not unique")
                .hasMessageContaining("dropIndex('my_key')");
        assertThat(indexes(settings)).extracting(i -> i.getString("name").getValue()).contains("my_key");
    }

    @Test
    void startIndexWithoutTtlStopsTheStart() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            collection(client, settings).createIndex(Indexes.ascending("start"), new IndexOptions().name("start_1"));
        }

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'start_1'")
                .hasMessageContaining("expireAfterSeconds unset");
    }

    @Test
    void equivalentIndexesUnderOtherNamesAreAccepted() {
        // given
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            MongoCollection<BsonDocument> collection = collection(client, settings);
            collection.createIndex(Indexes.ascending("series", "start", "seq"), new IndexOptions().name("key").unique(true));
            collection.createIndex(Indexes.ascending("start"), new IndexOptions().name("ttl")
                    .expireAfter(BucketIndexes.expireAfterSeconds(BucketPolicy.defaults(), RetentionPolicy.defaults()),
                            TimeUnit.SECONDS));
        }

        // when
        MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults()).close();

        // then
        assertThat(indexes(settings)).extracting(i -> i.getString("name").getValue())
                .containsExactlyInAnyOrder("_id_", "key", "ttl", TagIndex.NAME);
    }

    private static MongoCollection<BsonDocument> collection(MongoClient client, MongoBucketSettings settings) {
        return client.getDatabase(settings.database()).getCollection(settings.collection(), BsonDocument.class);
    }

    private static List<BsonDocument> indexes(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            return collection(client, settings).listIndexes(BsonDocument.class).into(new ArrayList<>());
        }
    }

    private static BsonDocument find(List<BsonDocument> indexes, String name) {
        return indexes.stream().filter(i -> i.getString("name").getValue().equals(name)).findFirst().orElseThrow();
    }
}
