package io.bucketry.tools.check;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.bootstrap.config.MongoLayout;
import io.bucketry.adapter.mongo.bucket.MongoBucketDiagnostics;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics.Collection;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics.Index;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesDiagnostics;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesDiagnostics.ExpectedOptions;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.server.json.Json;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** The indexes and collection options the server holds after a start, against what the store asks for. */
final class IndexChecks {

    private static final String COLLECTION = "indexes";
    /** The {meta.series, t} index of a collection that keeps tags (a new one: the check's collections are). */
    private static final String SERIES_TIME = "{\"meta.series\": 1, \"t\": 1}";
    private static final String TIME = "{\"t\": 1}";

    private IndexChecks() {
    }

    static Outcome definitions(CheckContext context) throws IOException {
        List<Index> actual = opened(context);
        if (context.backend() == Backend.MONGO_BUCKET) {
            Index key = expectedBucketIndexes(context).get(0);
            return Outcome.when(find(actual, key.keyJson()).filter(i -> i.unique() == key.unique()).isPresent(),
                    "unique index " + key.keyJson() + " present (it serves the range, latest and upsert filters)",
                    "expected a unique index " + key.keyJson() + "; the server lists " + actual);
        }
        return Outcome.when(find(actual, SERIES_TIME).isPresent(), "index " + SERIES_TIME + " present",
                "expected an index " + SERIES_TIME + "; the server lists " + actual);
    }

    /** mongo-bucket's sealed layout: the partial index its sealing sweep scans (row documents only). */
    static Outcome sealing(CheckContext context) throws IOException {
        BucketryConfig config = context.config(COLLECTION, UnaryOperator.identity());
        if (config.mongo().bucketLayout() != MongoLayout.SEALED) {
            return Outcome.skip("mongoLayout is rows: no window is sealed, so there is no sealing index");
        }
        List<Index> actual = opened(context);
        Index wanted = MongoBucketDiagnostics.sealingIndex();
        return Outcome.when(find(actual, wanted.keyJson()).isPresent(),
                "index " + wanted.keyJson() + " present (partial on {unsealed: true}: the sealing sweep's candidates)",
                "expected the sealed layout's index " + wanted.keyJson() + "; the server lists " + actual);
    }

    static Outcome ttl(CheckContext context) throws IOException {
        List<Index> actual = opened(context);
        if (context.backend() == Backend.MONGO_BUCKET) {
            Index wanted = expectedBucketIndexes(context).get(1);
            Optional<Index> found = find(actual, wanted.keyJson());
            return Outcome.when(found.isPresent() && Objects.equals(found.get().expireAfterSeconds(), wanted.expireAfterSeconds()),
                    "TTL index " + wanted.keyJson() + " expireAfterSeconds " + wanted.expireAfterSeconds()
                            + " (retention + width + grace)",
                    "expected TTL index " + wanted.keyJson() + " with expireAfterSeconds " + wanted.expireAfterSeconds()
                            + "; the server lists " + actual);
        }
        ExpectedOptions expected = expectedOptions(context);
        Collection collection = context.server().collection(COLLECTION).orElseThrow();
        if (collection.type().equals("timeseries")) {
            Number actualExpiry = number(options(collection).get("expireAfterSeconds"));
            return Outcome.when(actualExpiry != null && actualExpiry.longValue() == expected.expireAfterSeconds(),
                    "time-series collection option expireAfterSeconds " + actualExpiry + " (retention + grace)",
                    "expected the collection option expireAfterSeconds " + expected.expireAfterSeconds() + "; listCollections says "
                            + collection.optionsJson());
        }
        Optional<Index> found = find(actual, TIME);
        return Outcome.when(found.isPresent() && Objects.equals(found.get().expireAfterSeconds(), expected.expireAfterSeconds()),
                "plain-collection fallback: TTL index " + TIME + " expireAfterSeconds " + expected.expireAfterSeconds(),
                "expected (fallback) a TTL index " + TIME + " with expireAfterSeconds " + expected.expireAfterSeconds()
                        + "; the server lists " + actual);
    }

    static Outcome timeSeriesOptions(CheckContext context) throws IOException {
        opened(context);
        Collection collection = context.server().collection(COLLECTION).orElseThrow();
        if (!collection.type().equals("timeseries")) {
            return context.embedded()
                    ? Outcome.skip("the embedded test server has no native time-series collections; the store fell back to "
                    + "a plain collection")
                    : Outcome.fail("the server created a " + collection.type() + ", not a time-series collection");
        }
        ExpectedOptions expected = expectedOptions(context);
        JsonNode timeseries = options(collection).get("timeseries");
        boolean same = timeseries != null && expected.timeField().equals(timeseries.path("timeField").asText())
                && expected.metaField().equals(timeseries.path("metaField").asText())
                && (expected.granularity() == null || expected.granularity().equals(timeseries.path("granularity").asText()))
                && (expected.bucketMaxSpanSeconds() == null
                || expected.bucketMaxSpanSeconds() == timeseries.path("bucketMaxSpanSeconds").asLong());
        return Outcome.when(same, "as created: " + collection.optionsJson(),
                "expected " + expected + "; listCollections says " + collection.optionsJson());
    }

    /** Opens (so creates) the store's collection, then lists its indexes. */
    private static List<Index> opened(CheckContext context) {
        try (OpenStore store = context.open(COLLECTION)) {
            store.useCases().describe().describe();
        }
        return context.server().indexes(COLLECTION);
    }

    private static List<Index> expectedBucketIndexes(CheckContext context) {
        BucketryConfig config = context.config(COLLECTION, UnaryOperator.identity());
        return MongoBucketDiagnostics.expectedIndexes(config.bucketPolicyValue(), config.retentionPolicy());
    }

    private static ExpectedOptions expectedOptions(CheckContext context) {
        BucketryConfig config = context.config(COLLECTION, UnaryOperator.identity());
        return MongoTimeSeriesDiagnostics.expectedOptions(context.timeSeriesSettings(COLLECTION), config.bucketPolicyValue(),
                config.retentionPolicy());
    }

    /** The index whose key equals {@code keyJson} field by field, in order (1 and 1.0 alike). */
    private static Optional<Index> find(List<Index> indexes, String keyJson) {
        List<Map.Entry<String, Double>> wanted = List.copyOf(key(keyJson).entrySet());
        return indexes.stream().filter(index -> List.copyOf(key(index.keyJson()).entrySet()).equals(wanted)).findFirst();
    }

    private static Map<String, Double> key(String json) {
        try {
            Map<String, Object> raw = Json.mapper().readValue(json, new TypeReference<LinkedHashMap<String, Object>>() { });
            Map<String, Double> key = new LinkedHashMap<>();
            raw.forEach((field, value) -> key.put(field, value instanceof Number n ? n.doubleValue() : Double.NaN));
            return key;
        } catch (IOException e) {
            throw new IllegalStateException("unreadable index key " + json, e);
        }
    }

    private static JsonNode options(Collection collection) throws IOException {
        return Json.mapper().readTree(collection.optionsJson());
    }

    private static Number number(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.numberValue();
    }
}
