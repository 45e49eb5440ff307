package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.MongoFailures;
import org.bson.Document;

import java.util.ArrayList;
import java.util.List;

/**
 * Stored sizes of one collection measured by the server: documents, the sum of their BSON sizes
 * ({@code $bsonSize}, MongoDB 4.4+) and {@code $collStats} storageStats (size, storageSize,
 * totalIndexSize), summed over shards. For a native time-series collection the documents measured
 * are its buckets ({@code system.buckets.<name>}). A size the server refuses is null, with why.
 */
public final class StorageProbe {

    /**
     * @param documents documents stored (for a time-series collection: its buckets)
     * @param bsonBytes sum of the stored documents' BSON sizes, or null
     * @param dataBytes collStats size (uncompressed data), or null
     * @param storageBytes collStats storageSize (on disk, compressed), or null
     * @param indexBytes collStats totalIndexSize, or null
     * @param notes which sizes are missing and why (empty when all were measured)
     */
    public record Sizes(long documents, Long bsonBytes, Long dataBytes, Long storageBytes, Long indexBytes,
                        List<String> notes) {
    }

    private final MongoDatabase database;
    private final MongoFailures failures;

    StorageProbe(MongoDatabase database, MongoFailures failures) {
        this.database = database;
        this.failures = failures;
    }

    Sizes sizes(String collection) {
        List<String> notes = new ArrayList<>();
        String documents = storedDocuments(collection);
        long count = failures.translate("count " + documents, () -> database.getCollection(documents).countDocuments());
        Long bson = null;
        try {
            Document total = database.getCollection(documents).aggregate(List.of(
                    new Document("$group", new Document("_id", null)
                            .append("bytes", new Document("$sum", new Document("$bsonSize", "$$ROOT")))))).first();
            bson = total == null ? 0L : total.get("bytes", Number.class).longValue();
        } catch (MongoException e) {
            notes.add("$bsonSize refused: " + MongoServerDiagnostics.reason(e));
        }
        Long size = null;
        Long storage = null;
        Long indexes = null;
        try {
            // One document per shard on a sharded collection (manual: $collStats, "sharded collections").
            for (Document shard : database.getCollection(collection).aggregate(List.of(
                    new Document("$collStats", new Document("storageStats", new Document()))))) {
                Document stats = shard.get("storageStats", Document.class);
                size = add(size, stats, "size");
                storage = add(storage, stats, "storageSize");
                indexes = add(indexes, stats, "totalIndexSize");
            }
        } catch (MongoException e) {
            notes.add("$collStats refused: " + MongoServerDiagnostics.reason(e));
        }
        return new Sizes(count, bson, size, storage, indexes, List.copyOf(notes));
    }

    /** Where the stored documents are: a time-series collection keeps its buckets in system.buckets.<name>. */
    private String storedDocuments(String collection) {
        for (Document entry : database.listCollections()) {
            if (collection.equals(entry.getString("name"))) {
                return "timeseries".equals(entry.getString("type")) ? "system.buckets." + collection : collection;
            }
        }
        return collection;
    }

    private static Long add(Long total, Document stats, String key) {
        Number value = stats == null ? null : stats.get(key, Number.class);
        if (value == null) {
            return total;
        }
        return (total == null ? 0L : total) + value.longValue();
    }
}
