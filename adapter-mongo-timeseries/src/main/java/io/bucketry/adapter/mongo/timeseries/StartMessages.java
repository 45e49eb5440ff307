package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.DurationText;

import java.time.Duration;

/** The messages with which a start is refused or warned about, in one place so they stay consistent. */
final class StartMessages {

    private StartMessages() {
    }

    static String pagedPolicy(int pageSize) {
        return "a paged bucket policy (pages of " + pageSize + " readings) is not supported by mongo-timeseries:"
                + " native time-series collections bucket readings by time, not by count. Use a windowed bucket"
                + " policy, or the mongo-bucket backend for paged buckets";
    }

    static String noTimeSeries(ServerFeatures version, String why) {
        return "MongoDB server " + version + " has no native time-series collections (" + why + "), so"
                + " mongo-timeseries cannot start. Time-series collections need MongoDB 5.0 or later: upgrade the"
                + " server, use the mongo-bucket backend, or set timeseriesFallback to store one plain document per"
                + " reading";
    }

    static String tooOld() {
        return "they need 5.0 or later";
    }

    static String createdPlain(String namespace) {
        return "asked to create the time-series collection " + namespace
                + ", it created a plain collection; an emulated or embedded server?";
    }

    static String plainCollectionExists(String namespace, ServerFeatures version) {
        return "collection " + namespace + " already exists and is a plain (not time-series) collection, so"
                + " mongo-timeseries will not use it (MongoDB " + version + " supports time-series collections,"
                + " and a plain collection would silently lose their bucketing and expiry). Drop or rename it,"
                + " or configure another collection name";
    }

    static String wrongLayout(String namespace, CollectionInfo info) {
        return wrongLayout(namespace, info, MetaField.SERIES);
    }

    /** @param meta the metaField the layout record asks for ({@code meta} where it keeps tags) */
    static String wrongLayout(String namespace, CollectionInfo info, MetaField meta) {
        return "collection " + namespace + " already exists and is " + info.describe() + "; mongo-timeseries"
                + " needs a time-series collection with timeField '" + TimeSeriesOptions.TIME_FIELD
                + "' and metaField '" + meta.name + "'. Drop or rename it, or configure"
                + " another collection name";
    }

    static String fallback(String namespace, ServerFeatures version, String why, MetaField meta) {
        return "mongo-timeseries FALLBACK: MongoDB server " + version + " has no native time-series collections ("
                + why + "); readings are stored one plain document per reading in " + namespace
                + " with an index {" + meta.series + ": 1, t: 1} and a TTL index on t. Nothing is bucketed: expect one"
                + " document and index entry per reading. Use mongo-bucket for bucketed storage on this server";
    }

    static String expiryDiffers(String namespace, Number actual, Long wanted, String cause, String fix) {
        return "time-series collection " + namespace + " expires readings after "
                + expiry(actual) + ", the retention policy (retention + grace) asks for " + expiry(wanted) + ": " + cause
                + "; the collection's setting is kept (change it with db.runCommand(" + fix + "))";
    }

    static String expiryIndexDiffers(String namespace, Number actual, long wanted, String cause, String fix) {
        return "collection " + namespace + " already has an index on t that expires readings after "
                + expiry(actual) + ", the retention policy (retention + grace) asks for " + expiry(wanted) + ": " + cause
                + "; the index is kept as it is (change it with db.runCommand(" + fix + "))";
    }

    /** {@code 2161h (expireAfterSeconds 7779600)}: the duration as people write it, and the server's number for collMod. */
    private static String expiry(Number seconds) {
        return seconds == null ? "never"
                : DurationText.of(Duration.ofSeconds(seconds.longValue())) + " (expireAfterSeconds " + seconds + ")";
    }

    static String noPhysicalEviction(ServerFeatures version) {
        return "MongoDB " + version + " deletes from time-series collections only by metaField (time-based deletes"
                + " need 7.0): expired readings are removed by the collection's expireAfterSeconds (whole"
                + " buckets, by the server's TTL monitor), not by evictBefore";
    }

    static String noDeletes(ServerFeatures version) {
        return "MongoDB " + version + " cannot delete from time-series collections (deletes need 5.1 or later)";
    }

    static String expiryOmitted(String namespace, RetentionPolicy retention, long max) {
        long wanted = TimeSeriesOptions.wantedExpireAfterSeconds(retention);
        return "retention + grace = " + wanted + " s (" + wanted / 86_400 + " days) is more than MongoDB accepts as"
                + " expireAfterSeconds (at most the seconds since 1970, " + max + " s now, and 2^31-1), so " + namespace
                + " is given no expiry: the server will not remove old readings by itself (queries still hide"
                + " expired ones). Choose a shorter retention to have them removed";
    }
}
