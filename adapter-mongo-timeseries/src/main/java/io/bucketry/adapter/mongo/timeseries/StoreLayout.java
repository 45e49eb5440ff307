package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoCollection;
import org.bson.Document;

import java.util.List;

/**
 * The prepared readings collection and what the server can do with it.
 *
 * @param fallback true for a plain collection of one document per reading (no native time-series)
 * @param warnings what the operator should be told at start
 * @param meta where its documents keep the series (and tags, where the layout record keeps them)
 */
record StoreLayout(MongoCollection<Document> collection, ServerFeatures version, boolean fallback,
                   List<String> warnings, MetaField meta) {

    /** deleteMany on the series (the metaField) is allowed. */
    boolean canDeleteBySeries() {
        return fallback || version.atLeast(ServerVersion.META_DELETES);
    }

    /** deleteMany on the time is allowed (plain collections; time-series collections from 7.0). */
    boolean canDeleteByTime() {
        return fallback || version.atLeast(ServerVersion.ANY_DELETES);
    }

    /** deleteMany's count is a count of readings (on 5.1–6.x a metaField delete removes whole buckets). */
    boolean deleteCountsReadings() {
        return canDeleteByTime();
    }
}
