package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A retention whose TTL would pass MongoDB's 2^31 − 1 s limit is refused at start, in one line, before connecting. */
class TtlLimitTest {

    private static RetentionPolicy retention(Duration retention) {
        return new RetentionPolicy(retention, Duration.ofHours(1), Duration.ofHours(1));
    }

    @Test
    void aCenturyOfRetentionIsRefusedNamingTheLimitAndWhatFits() {
        assertThatThrownBy(() -> TtlLimit.check(BucketPolicy.defaults(), retention(Duration.ofDays(36_500))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mongo-bucket: retention 36500d needs a TTL index with expireAfterSeconds 3153607200"
                        + " (retention + grace + bucket width), above MongoDB's limit of 2147483647 s;"
                        + " use a retention of at most 24855d");
    }

    @Test
    void theLargestRetentionTheMessageOffersIsAccepted() {
        assertThatCode(() -> TtlLimit.check(BucketPolicy.defaults(), retention(Duration.ofDays(24_855)))).doesNotThrowAnyException();
        assertThatCode(() -> TtlLimit.check(BucketPolicy.paged(10), retention(Duration.ofDays(24_855)))).doesNotThrowAnyException();
        assertThat(BucketIndexes.expireAfterSeconds(BucketPolicy.defaults(), retention(Duration.ofDays(24_856))))
                .isGreaterThan(TtlLimit.MAX_EXPIRE_AFTER_SECONDS);
    }

    @Test
    void openingSuchAStoreFailsBeforeItConnects() {
        // a port nobody listens on: the refusal must come first, not a connection failure
        MongoBucketSettings nowhere = new MongoBucketSettings("mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200", "db", "c");

        assertThatThrownBy(() -> MongoBucketReadingStore.open(nowhere, BucketPolicy.defaults(), retention(Duration.ofDays(36_500))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use a retention of at most 24855d");
    }

    @Test
    void aRealServerRefusesATtlIndexJustAboveTheLimit() {
        MongoLane.assumeRealServer("the embedded server accepts any expireAfterSeconds (it has no TTL)");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoClients.create(settings.uri())) {
            MongoCollection<Document> collection = client.getDatabase(settings.database()).getCollection(settings.collection());

            assertThatThrownBy(() -> collection.createIndex(Indexes.ascending("start"),
                    new IndexOptions().expireAfter(TtlLimit.MAX_EXPIRE_AFTER_SECONDS + 1, TimeUnit.SECONDS)))
                    .isInstanceOf(MongoCommandException.class);
            assertThatCode(() -> collection.createIndex(Indexes.ascending("start"),
                    new IndexOptions().expireAfter(TtlLimit.MAX_EXPIRE_AFTER_SECONDS, TimeUnit.SECONDS))).doesNotThrowAnyException();
        }
    }
}
