package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Reads that decide a write go to the primary, whatever read preference the connection string names. */
class ReadPreferenceTest {

    private final MongoTestLane lane = MongoTestLane.get();

    @Test
    void theDuplicateCheckReadsFromThePrimaryWhenTheUriSaysSecondary() {
        // given: a client whose connection string asks for secondaries (the embedded server, a standalone, serves it anyway)
        MongoTimeSeriesSettings settings = lane.freshSettings("rp").withTags(false);
        String series = TestData.freshSeries("rp");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings);
             MongoClient secondary = MongoClients.create(withReadPreference(lane.uri(), "secondary"))) {
            store.store(List.of(reading(series, 0, 1)));
            MongoCollection<Document> collection = TestData.collection(secondary, settings);
            assertThat(collection.getReadPreference()).isEqualTo(ReadPreference.secondary());
            List<ReadPreference> findsOn = new CopyOnWriteArrayList<>();

            // when
            Set<Identity> stored = StoredIdentities.among(recording(collection, findsOn),
                    List.of(Identity.of(reading(series, 0, 9)), Identity.of(reading(series, 60, 9))), true);

            // then
            assertThat(stored).containsExactly(Identity.of(reading(series, 0, 1)));
            assertThat(findsOn).isNotEmpty().containsOnly(ReadPreference.primary());
        }
    }

    @Test
    void onARealServerNoWriteDecidingReadIsSentToASecondary() {
        assumeFalse(lane.isEmbedded(), "embedded lane: a standalone server gets no $readPreference at all, so"
                + " what the driver sends is verified only against a real server (set " + MongoTestLane.URI_VARIABLE
                + " or run with Docker)");
        // given
        SentCommands sent = new SentCommands();
        MongoTimeSeriesSettings fresh = lane.freshSettings("rp");
        MongoTimeSeriesSettings settings = new MongoTimeSeriesSettings(withReadPreference(lane.uri(),
                "secondaryPreferred"), fresh.database(), fresh.collection(), fresh.fallback());
        String series = TestData.freshSeries("rp");

        // when: a start (listCollections, listIndexes) and a batch (the duplicate check)
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.defaults(), sent)) {
            store.store(List.of(reading(series, 0, 1)));
        }

        // then: no read preference, or primary (primaryPreferred is what a driver sends a directly connected member)
        List<BsonDocument> reads = sent.named("find", "listCollections", "listIndexes");
        assertThat(reads).isNotEmpty().allSatisfy(command -> assertThat(command.containsKey("$readPreference")
                ? command.getDocument("$readPreference").getString("mode").getValue() : "primary")
                .as(command.toJson()).isIn("primary", "primaryPreferred"));
    }

    static String withReadPreference(String uri, String mode) {
        String separator = uri.contains("?") ? "&" : uri.matches("mongodb(\\+srv)?://[^/]*") ? "/?" : "?";
        return uri + separator + "readPreference=" + mode;
    }

    /** The collection, recording the read preference of every collection find is called on. */
    @SuppressWarnings("unchecked")
    private static MongoCollection<Document> recording(MongoCollection<Document> target, List<ReadPreference> finds) {
        return (MongoCollection<Document>) Proxy.newProxyInstance(ReadPreferenceTest.class.getClassLoader(),
                new Class<?>[] {MongoCollection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("find")) {
                        finds.add(target.getReadPreference());
                    }
                    try {
                        Object result = method.invoke(target, args);
                        return method.getName().equals("withReadPreference")
                                ? recording((MongoCollection<Document>) result, finds) : result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
