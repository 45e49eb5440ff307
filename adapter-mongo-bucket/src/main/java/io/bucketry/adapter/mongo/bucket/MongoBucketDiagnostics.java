package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.event.CommandListener;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * What the mongo-bucket store would build, for {@code check} to compare with what the server has:
 * the index definitions it creates, and the server's query plans ({@code explain}) of the store's
 * own range, latest and upsert filters. Driver-free answers: plain records and JSON text.
 */
public final class MongoBucketDiagnostics {

    private MongoBucketDiagnostics() {
    }

    /** The indexes {@link MongoBucketReadingStore#open} creates for these policies (besides _id). */
    public static List<MongoServerDiagnostics.Index> expectedIndexes(BucketPolicy policy, RetentionPolicy retention) {
        return List.of(new MongoServerDiagnostics.Index(BucketIndexes.KEY_INDEX, "{\"series\": 1, \"start\": 1, \"seq\": 1}",
                        true, null),
                new MongoServerDiagnostics.Index(BucketIndexes.ttlIndex(policy),
                        "{\"" + BucketIndexes.ttlField(policy) + "\": 1}", false,
                        BucketIndexes.expireAfterSeconds(policy, retention)));
    }

    /**
     * The server's {@code explain} (verbosity queryPlanner) of the store's queries on its collection,
     * by name: "range" (one series over [from, to)), "latest" and "upsert" (the statement adding
     * {@code reading} to seq 0 of its window). Read-only: an explained update writes nothing.
     */
    public static Map<String, String> explain(MongoBucketSettings settings, BucketPolicy policy, Reading reading,
                                              Instant from, Instant to) {
        Objects.requireNonNull(reading, "reading");
        try (MongoClient client = MongoConnections.client(settings, "bucketry-diagnostics", new CommandListener() { })) {
            MongoDatabase database = client.getDatabase(settings.database());
            MongoFailures failures = MongoConnections.failures(settings, MongoBucketReadingStore.BACKEND);
            Map<String, String> plans = new LinkedHashMap<>();
            Map<String, BsonDocument> commands = commands(database.getCollection(settings.collection(), BsonDocument.class),
                    policy, reading, from, to);
            if (settings.layout() == DocumentLayout.SEALED) {
                commands.put("seal sweep", sealSweep(settings.collection(), to));
            }
            commands.forEach((name, command) -> plans.put(name, failures.translate("explain the " + name + " query",
                            () -> database.runCommand(command, BsonDocument.class).toJson())));
            return plans;
        }
    }

    /** The explain commands of {@link #explain}, by name, built as the store builds its queries. */
    static Map<String, BsonDocument> commands(MongoCollection<BsonDocument> buckets, BucketPolicy policy, Reading reading,
                                              Instant from, Instant to) {
        String collection = buckets.getNamespace().getCollectionName();
        SeriesId series = reading.series();
        Map<String, BsonDocument> commands = new LinkedHashMap<>();
        Bson range = new BucketQueries(buckets, policy).overlapping(series, from.toEpochMilli(), to.toEpochMilli());
        commands.put("range", explain(new BsonDocument("find", new BsonString(collection))
                .append("filter", range.toBsonDocument()).append("sort", BucketQueries.BY_KEY.toBsonDocument())));
        commands.put("latest", explain(new BsonDocument("find", new BsonString(collection))
                .append("filter", new BsonDocument(SERIES, new BsonString(series.value())))
                .append("sort", BsonDocument.parse("{series: -1, start: -1, seq: -1}"))
                .append("limit", new BsonInt32(1))));
        long start = policy instanceof BucketPolicy.Windowed windowed ? windowed.windowStart(reading.epochMilli())
                : reading.epochMilli();
        UpdateOneModel<BsonDocument> upsert = BucketUpdate.of(new Placement(series, start, 0, List.of(reading), false, false), policy);
        BsonDocument statement = new BsonDocument("q", upsert.getFilter().toBsonDocument())
                .append("u", upsert.getUpdate().toBsonDocument()).append("upsert", BsonBoolean.TRUE);
        commands.put("upsert", explain(new BsonDocument("update", new BsonString(collection))
                .append("updates", new BsonArray(List.of(statement)))));
        return commands;
    }

    /** The explain of the sealed layout's sweep: its candidate query for row documents of windows starting by {@code before}. */
    static BsonDocument sealSweep(String collection, Instant before) {
        return explain(new BsonDocument("find", new BsonString(collection))
                .append("filter", WindowSealer.candidateFilter(before.toEpochMilli()).toBsonDocument())
                .append("limit", new BsonInt32(WindowSealer.ROUND)));
    }

    /** The sealed layout's index of row documents (partial on {@code unsealed: true}), as the server lists it. */
    public static MongoServerDiagnostics.Index sealingIndex() {
        return new MongoServerDiagnostics.Index(SealedIndex.NAME, "{\"unsealed\": 1, \"start\": 1}", false, null);
    }

    /** The index of a collection that keeps tags (partial on buckets with tags), as the server lists it. */
    public static MongoServerDiagnostics.Index tagIndex() {
        return new MongoServerDiagnostics.Index(TagIndex.NAME, "{\"tags\": 1, \"start\": 1}", false, null);
    }

    /** Verbosity queryPlanner: the server plans the command and answers the plan, without running it. */
    private static BsonDocument explain(BsonDocument command) {
        return new BsonDocument("explain", command).append("verbosity", new BsonString("queryPlanner"));
    }
}
