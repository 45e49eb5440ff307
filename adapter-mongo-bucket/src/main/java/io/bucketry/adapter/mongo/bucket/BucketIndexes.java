package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Creates the collection's two indexes, idempotently: unique {series, start, seq} (which also
 * serves every per-series range query) and TTL {start} expiring buckets after retention + width +
 * grace. An existing index with another definition stops the start with the fix; it is never dropped.
 */
final class BucketIndexes {

    static final String KEY_INDEX = "series_1_start_1_seq_1";
    static final String TTL_INDEX = "start_1";
    private static final BsonDocument KEY = BsonDocument.parse("{series: 1, start: 1, seq: 1}");
    private static final BsonDocument TTL_KEY = BsonDocument.parse("{start: 1}");
    private static final int INDEX_OPTIONS_CONFLICT = 85;
    private static final int INDEX_KEY_SPECS_CONFLICT = 86;

    private BucketIndexes() {
    }

    /** expireAfterSeconds: retention + width + grace (paged: retention + grace), so TTL never takes a kept reading's window. */
    static long expireAfterSeconds(BucketPolicy policy, RetentionPolicy retention) {
        long seconds = retention.retention().plus(retention.grace()).toSeconds();
        return policy.isPaged() ? seconds : seconds + (policy.widthMillis() + 999) / 1000;
    }

    static void ensure(MongoCollection<BsonDocument> buckets, BucketPolicy policy, RetentionPolicy retention) {
        long expire = expireAfterSeconds(policy, retention);
        String collection = buckets.getNamespace().getCollectionName();
        List<String> problems = new ArrayList<>();
        boolean haveKey = false;
        boolean haveTtl = false;
        for (BsonDocument index : buckets.listIndexes(BsonDocument.class)) {
            String name = index.getString("name").getValue();
            BsonDocument key = index.getDocument("key");
            boolean unique = index.getBoolean("unique", BsonBoolean.FALSE).getValue();
            BsonValue ttl = index.get("expireAfterSeconds");
            if (sameKey(key, KEY) && !unique) {
                problems.add("index '" + name + "' on {series, start, seq} is not unique; buckets could be duplicated."
                        + " Fix: db." + collection + ".dropIndex('" + name + "') and restart (it is recreated unique)");
            } else if (sameKey(key, TTL_KEY) && (ttl == null || ttl.asNumber().longValue() != expire)) {
                problems.add("index '" + name + "' on {start} has expireAfterSeconds " + (ttl == null ? "unset" : ttl.asNumber().longValue())
                        + " but this retention needs " + expire + ". Fix: db.runCommand({collMod: '" + collection
                        + "', index: {name: '" + name + "', expireAfterSeconds: " + expire + "}}), or use another collection");
            } else if (sameKey(key, KEY)) {
                haveKey = true;
            } else if (sameKey(key, TTL_KEY)) {
                haveTtl = true;
            } else if ((name.equals(KEY_INDEX) && !sameKey(key, KEY)) || (name.equals(TTL_INDEX) && !sameKey(key, TTL_KEY))) {
                problems.add("index '" + name + "' has key " + key.toJson() + ", not the one Bucketry needs. Fix: db."
                        + collection + ".dropIndex('" + name + "') or use another collection");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("mongo-bucket: collection '" + collection + "' has conflicting indexes: "
                    + String.join("; ", problems));
        }
        List<IndexModel> missing = new ArrayList<>();
        if (!haveKey) {
            missing.add(new IndexModel(Indexes.ascending(SERIES, START, SEQ), new IndexOptions().name(KEY_INDEX).unique(true)));
        }
        if (!haveTtl) {
            missing.add(new IndexModel(Indexes.ascending(START),
                    new IndexOptions().name(TTL_INDEX).expireAfter(expire, TimeUnit.SECONDS)));
        }
        if (missing.isEmpty()) {
            return;
        }
        try {
            buckets.createIndexes(missing);
        } catch (MongoCommandException e) {
            if (e.getErrorCode() == INDEX_OPTIONS_CONFLICT || e.getErrorCode() == INDEX_KEY_SPECS_CONFLICT) {
                throw new IllegalStateException("mongo-bucket: collection '" + collection + "' has an index that conflicts with "
                        + KEY_INDEX + " or " + TTL_INDEX + ": " + e.getErrorMessage() + ". Fix: drop or change that index", e);
            }
            throw e;
        }
    }

    private static boolean sameKey(BsonDocument key, BsonDocument expected) {
        if (key.size() != expected.size()) {
            return false;
        }
        List<Map.Entry<String, BsonValue>> actual = new ArrayList<>(key.entrySet());
        List<Map.Entry<String, BsonValue>> wanted = new ArrayList<>(expected.entrySet());
        for (int i = 0; i < actual.size(); i++) {
            if (!actual.get(i).getKey().equals(wanted.get(i).getKey()) || !actual.get(i).getValue().isNumber()
                    || actual.get(i).getValue().asNumber().doubleValue() != wanted.get(i).getValue().asNumber().doubleValue()) {
                return false;
            }
        }
        return true;
    }
}
