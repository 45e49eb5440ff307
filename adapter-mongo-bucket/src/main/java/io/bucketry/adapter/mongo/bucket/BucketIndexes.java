package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Creates the collection's two indexes, idempotently: unique {series, start, seq} (which also
 * serves every per-series range query) and a TTL index, {start} expiring windowed buckets after
 * retention + width + grace, {last} expiring paged buckets after retention + grace. An existing
 * index with another definition, or a TTL index on another field, stops the start with the fix; it
 * is never dropped. A TTL index of another expiry follows a safe retention change ({@link ExpiryIndex}).
 */
final class BucketIndexes {

    static final String KEY_INDEX = "series_1_start_1_seq_1";
    private static final BsonDocument KEY = BsonDocument.parse("{series: 1, start: 1, seq: 1}");
    private static final int INDEX_OPTIONS_CONFLICT = 85;
    private static final int INDEX_KEY_SPECS_CONFLICT = 86;

    private BucketIndexes() {
    }

    /** The field the TTL index expires buckets by. */
    static String ttlField(BucketPolicy policy) {
        // A page's start is its first reading and a page can span far longer than the grace: expire it by its newest.
        return policy instanceof BucketPolicy.Paged ? LAST : START;
    }

    /** Name of the TTL index created for this policy. */
    static String ttlIndex(BucketPolicy policy) {
        return ttlField(policy) + "_1";
    }

    /**
     * expireAfterSeconds: on start, retention + width + grace; on last (paged), retention + grace; so
     * TTL never takes a bucket holding a kept reading.
     */
    static long expireAfterSeconds(BucketPolicy policy, RetentionPolicy retention) {
        long seconds = retention.retention().plus(retention.grace()).toSeconds();
        return policy instanceof BucketPolicy.Windowed windowed ? seconds + (windowed.widthMillis() + 999) / 1000 : seconds;
    }

    /** Runs after the layout check ({@code layout}), so that a TTL difference can only come from retention or grace. */
    static void ensure(MongoDatabase database, MongoCollection<BsonDocument> buckets, BucketPolicy policy,
                       RetentionPolicy retention, LayoutStart layout) {
        long expire = expireAfterSeconds(policy, retention);
        String ttlField = ttlField(policy);
        String ttlIndex = ttlIndex(policy);
        BsonDocument ttlKey = new BsonDocument(ttlField, new BsonInt32(1));
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
            } else if (sameKey(key, ttlKey) && (ttl == null || ttl.asNumber().longValue() != expire)) {
                String problem = ExpiryIndex.follow(database, collection, name, ttlField,
                        ttl == null ? null : ttl.asNumber().longValue(), expire, policy, retention, layout);
                if (problem == null) {
                    haveTtl = true;
                } else {
                    problems.add(problem);
                }
            } else if (sameKey(key, KEY)) {
                haveKey = true;
            } else if (sameKey(key, ttlKey)) {
                haveTtl = true;
            } else if (ttl != null) {
                problems.add("index '" + name + "' is a TTL index on " + key.toJson() + " but " + policyName(policy)
                        + " buckets expire by {" + ttlField + "}; it could delete readings still within retention. Fix: db."
                        + collection + ".dropIndex('" + name + "') and restart (" + ttlIndex + " is created)");
            } else if ((name.equals(KEY_INDEX) && !sameKey(key, KEY)) || (name.equals(ttlIndex) && !sameKey(key, ttlKey))) {
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
            missing.add(new IndexModel(Indexes.ascending(ttlField),
                    new IndexOptions().name(ttlIndex).expireAfter(expire, TimeUnit.SECONDS)));
        }
        if (missing.isEmpty()) {
            return;
        }
        try {
            buckets.createIndexes(missing);
        } catch (MongoCommandException e) {
            if (e.getErrorCode() == INDEX_OPTIONS_CONFLICT || e.getErrorCode() == INDEX_KEY_SPECS_CONFLICT) {
                throw new IllegalStateException("mongo-bucket: collection '" + collection + "' has an index that conflicts with "
                        + KEY_INDEX + " or " + ttlIndex + ": " + e.getErrorMessage() + ". Fix: drop or change that index", e);
            }
            throw e;
        }
    }

    private static String policyName(BucketPolicy policy) {
        return policy instanceof BucketPolicy.Paged ? "paged" : "windowed";
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
