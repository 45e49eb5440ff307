package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Readings, stores and raw-document helpers for this module's tests. */
final class TestData {

    /** Ahead of the wall clock, so that a real server's TTL monitor never removes test buckets mid-test. */
    static final Instant BASE = Instant.parse("2030-07-21T00:00:00Z");
    private static final AtomicInteger SERIES = new AtomicInteger();

    private TestData() {
    }

    static MongoBucketReadingStore store(BucketPolicy policy) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings(), policy, RetentionPolicy.defaults());
    }

    static SeriesId freshSeries(String prefix) {
        return new SeriesId(prefix + "-" + SERIES.incrementAndGet());
    }

    static Instant at(Duration offset) {
        return BASE.plus(offset);
    }

    static Instant minute(long minutes) {
        return BASE.plus(Duration.ofMinutes(minutes));
    }

    static Reading value(SeriesId series, Instant time, double value) {
        return Reading.of(series.value(), time, Map.of("value", value));
    }

    /** A reading of the seed 002 sensor: temperature, pressure and status. */
    static Reading sensor(SeriesId series, Instant time, double temperature) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("temperature", temperature);
        fields.put("pressure", 1013.25 + temperature / 10);
        fields.put("status", "OK");
        return Reading.of(series.value(), time, fields);
    }

    /** {@code count} readings every {@code step} from {@code first}, values 0, 1, 2, … */
    static List<Reading> every(SeriesId series, Instant first, Duration step, int count) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(value(series, first.plus(step.multipliedBy(i)), i));
        }
        return readings;
    }

    /** Removes the sub-window width from the collection's layout record, as in a record made before it was recorded. */
    static void forgetSubWindow(MongoBucketSettings settings) {
        try (MongoClient client = MongoClients.create(settings.uri())) {
            client.getDatabase(settings.database()).getCollection(LayoutDocuments.COLLECTION)
                    .updateOne(Filters.eq("_id", settings.collection()), Updates.unset("subWindowMillis"));
        }
    }

    /** The bucket documents matching {@code filter} (rows or columns), in key order: not the stubs of folded ones. */
    static List<BsonDocument> documents(MongoBucketReadingStore store, Bson filter) {
        return store.collection().find(Filters.and(filter, FoldedStub.NOT_STUB)).sort(BucketQueries.BY_KEY).into(new ArrayList<>());
    }

    /** The seqs of the stubs a fold left in the series' windows ({@link FoldedStub}), in key order. */
    static List<Integer> stubSeqs(MongoBucketReadingStore store, SeriesId series) {
        List<Integer> seqs = new ArrayList<>();
        for (BsonDocument document : store.collection().find(Filters.eq(BucketFields.SERIES, series.value()))
                .sort(BucketQueries.BY_KEY)) {
            if (FoldedStub.is(document)) {
                seqs.add(document.getInt32(BucketFields.SEQ).getValue());
            }
        }
        return seqs;
    }
}
