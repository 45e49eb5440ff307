package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What the mongo-timeseries store would build, for {@code check} to compare with what the server
 * has: the collection options it creates on this server, the write concern its client sends, and
 * the server's query plans of its range, latest and duplicate-check filters. Driver-free answers.
 */
public final class MongoTimeSeriesDiagnostics {

    /** The options a native collection is created with; {@code granularity} or the span is null. */
    public record ExpectedOptions(String timeField, String metaField, String granularity, Long bucketMaxSpanSeconds,
                                  Long expireAfterSeconds) {
    }

    private MongoTimeSeriesDiagnostics() {
    }

    /** The native collection's options {@link MongoTimeSeriesReadingStore#open} creates on this server. */
    public static ExpectedOptions expectedOptions(MongoTimeSeriesSettings settings, BucketPolicy policy,
                                                 RetentionPolicy retention) {
        return onClient(settings, "read buildInfo and the feature compatibility version", client -> {
            // min(binary, FCV), as the store decides (manual: setFeatureCompatibilityVersion)
            ServerFeatures features = ServerFeatures.read(client.getDatabase(settings.database()),
                    client.getDatabase("admin"));
            if (!(policy instanceof BucketPolicy.Windowed windowed)) {
                throw new IllegalArgumentException(StartMessages.pagedPolicy(policy.maxCount()));
            }
            TimeSeriesOptions options = TimeSeriesOptions.derive(windowed, retention, features, Instant.now());
            return new ExpectedOptions(TimeSeriesOptions.TIME_FIELD, metaField(settings).name, options.granularity(),
                    options.bucketSpanSeconds(), options.expireAfterSeconds());
        });
    }

    /** The {@code w} of the write concern the store's client sends, as text; null when left to the server. */
    public static String clientWriteConcern(MongoTimeSeriesSettings settings) {
        return call(settings, "read the write concern", database -> {
            var concern = database.getWriteConcern();
            return concern == null || concern.getWObject() == null ? null : String.valueOf(concern.getWObject());
        });
    }

    /**
     * The server's {@code explain} (queryPlanner) of the store's reads of one series, by name:
     * "range" ([from, to) in time order), "latest" (newest first, one) and "duplicates" (the
     * pre-insert identity check of a batch spanning [from, to]). Filters of the same shape as
     * {@link ReadingQueries} and {@link StoredIdentities}.
     */
    public static Map<String, String> explain(MongoTimeSeriesSettings settings, SeriesId series, Instant from, Instant to) {
        return call(settings, "explain the reads", database -> {
            Bson ofSeries = Filters.eq(metaField(settings).series, series.value());
            Map<String, String> plans = new LinkedHashMap<>();
            plans.put("range", explain(database, settings.collection(), Filters.and(ofSeries,
                    Filters.gte(ReadingDocuments.TIME, Date.from(from)), Filters.lt(ReadingDocuments.TIME, Date.from(to))),
                    Sorts.ascending(ReadingDocuments.TIME), 0));
            plans.put("latest", explain(database, settings.collection(), Filters.and(ofSeries,
                    Filters.gte(ReadingDocuments.TIME, Date.from(from))), Sorts.descending(ReadingDocuments.TIME), 1));
            plans.put("duplicates", explain(database, settings.collection(), Filters.and(
                    Filters.gte(ReadingDocuments.TIME, Date.from(from)), Filters.lte(ReadingDocuments.TIME, Date.from(to)),
                    ofSeries), null, 0));
            return plans;
        });
    }

    private static String explain(MongoDatabase database, String collection, Bson filter, Bson sort, int limit) {
        BsonDocument find = new BsonDocument("find", new BsonString(collection)).append("filter", filter.toBsonDocument());
        if (sort != null) {
            find.append("sort", sort.toBsonDocument());
        }
        if (limit > 0) {
            find.append("limit", new BsonInt32(limit));
        }
        return database.runCommand(new BsonDocument("explain", find).append("verbosity", new BsonString("queryPlanner")),
                BsonDocument.class).toJson();
    }

    /** The metaField a new collection of {@code settings} gets: with tags unless they are off. */
    private static MetaField metaField(MongoTimeSeriesSettings settings) {
        return MetaField.of(!Boolean.FALSE.equals(settings.tags()));
    }

    private static <T> T call(MongoTimeSeriesSettings settings, String what, Function<MongoDatabase, T> call) {
        return onClient(settings, what, client -> call.apply(client.getDatabase(settings.database())));
    }

    private static <T> T onClient(MongoTimeSeriesSettings settings, String what, Function<MongoClient, T> call) {
        try (MongoClient client = MongoConnections.client(settings, StoreOpening.APPLICATION_NAME)) {
            return call.apply(client);
        } catch (MongoException e) {
            throw new StoreUnavailableException("mongo-timeseries: could not " + what + ": " + e.getMessage(), e);
        }
    }
}
