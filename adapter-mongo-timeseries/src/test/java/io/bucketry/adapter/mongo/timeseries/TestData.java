package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Readings, fresh names and direct access to a store's collection for the adapter's own tests. */
final class TestData {

    /** Ahead of the wall clock, so a real server's TTL monitor never removes test data mid-test. */
    static final Instant BASE = Instant.parse("2030-07-21T00:00:00Z");
    private static final AtomicLong SERIES = new AtomicLong();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000L, 36);

    private TestData() {
    }

    static String freshSeries(String prefix) {
        return prefix + "-" + RUN + "-" + SERIES.incrementAndGet();
    }

    static Reading reading(String series, long secondsAfterBase, double value) {
        return Reading.of(series, BASE.plusSeconds(secondsAfterBase), Map.of("value", value));
    }

    static MongoTimeSeriesReadingStore open(MongoTimeSeriesSettings settings) {
        return MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults());
    }

    /** A client of its own on the lane's server, for looking at (or tampering with) what a store wrote. */
    static MongoClient client() {
        return MongoClients.create(MongoTestLane.get().uri());
    }

    static MongoCollection<Document> collection(MongoClient client, MongoTimeSeriesSettings settings) {
        return client.getDatabase(settings.database()).getCollection(settings.collection());
    }
}
