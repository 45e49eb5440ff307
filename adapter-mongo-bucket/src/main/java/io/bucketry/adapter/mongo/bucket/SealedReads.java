package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How the sealed layout reads again what a first query found: whole groups, by series and start,
 * never by {@code _id}, because a sealing between the two queries may have replaced the documents
 * (a fold inserts its sealed document and deletes the ones it came from, {@link WindowSealer}),
 * while the readings of a group stay the same. Documents are merged per group ({@link BucketGroup}).
 */
final class SealedReads {

    private SealedReads() {
    }

    /**
     * A filter matching every document of the groups of {@code buckets} that holds readings (and maybe
     * others: see {@link #keysOf}); not the stubs of folded documents ({@link FoldedStub}).
     */
    static Bson groupsOf(List<StoredBucket> buckets) {
        Map<SeriesId, Set<Long>> starts = new HashMap<>();
        buckets.forEach(bucket -> starts.computeIfAbsent(bucket.series(), s -> new TreeSet<>()).add(bucket.start()));
        return Filters.and(BucketKnowledge.windowsFilter(starts), FoldedStub.NOT_STUB);
    }

    /** The group keys of {@code buckets}, to drop what the cross product of {@link #groupsOf} adds. */
    static Set<String> keysOf(List<StoredBucket> buckets) {
        Set<String> keys = new HashSet<>();
        buckets.forEach(bucket -> keys.add(key(bucket)));
        return keys;
    }

    /** The first bucket of each group among {@code buckets}, in order. */
    static List<StoredBucket> onePerGroup(List<StoredBucket> buckets) {
        Map<String, StoredBucket> first = new LinkedHashMap<>();
        buckets.forEach(bucket -> first.putIfAbsent(key(bucket), bucket));
        return new ArrayList<>(first.values());
    }

    /** The documents as groups (each sorted by seq), only those of {@code keys} unless it is null. */
    static List<BucketGroup> groups(Iterable<BsonDocument> documents, Set<String> keys) {
        Map<String, List<StoredBucket>> byKey = new LinkedHashMap<>();
        for (BsonDocument document : documents) {
            StoredBucket bucket = StoredBucket.from(document);
            String key = key(bucket);
            if (keys == null || keys.contains(key)) {
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(bucket);
            }
        }
        List<BucketGroup> groups = new ArrayList<>(byKey.size());
        for (List<StoredBucket> group : byKey.values()) {
            group.sort(Comparator.comparingInt(StoredBucket::seq));
            groups.add(new BucketGroup(group.get(0).start(), group));
        }
        return groups;
    }

    private static String key(StoredBucket bucket) {
        return bucket.series().value() + '\u0000' + bucket.start();
    }
}
