package io.bucketry.adapter.mongo.timeseries;

import org.bson.Document;

import java.util.List;

/** The version a MongoDB server reports in {@code buildInfo}, and the time-series features it implies. */
record ServerVersion(int major, int minor, int patch) {

    /** Native time-series collections (timeField, metaField, granularity, expireAfterSeconds). */
    static final ServerVersion TIME_SERIES = new ServerVersion(5, 0, 0);
    /** Deletes on time-series collections that match only on the metaField. */
    static final ServerVersion META_DELETES = new ServerVersion(5, 1, 0);
    /**
     * Queries on time-series collections push an $or down to bucket-level predicates (BucketSpec::
     * createPredicatesOnBucketLevelField, OR case); 5.0 pushes down only $and and comparisons.
     */
    static final ServerVersion OR_PUSHDOWN = new ServerVersion(6, 0, 0);
    /** bucketMaxSpanSeconds and bucketRoundingSeconds instead of a granularity. */
    static final ServerVersion CUSTOM_BUCKETING = new ServerVersion(6, 3, 0);
    /** Deletes on time-series collections with any filter (for example on the timeField). */
    static final ServerVersion ANY_DELETES = new ServerVersion(7, 0, 0);

    /** Reads {@code versionArray}, or failing that the {@code version} string, of a buildInfo answer. */
    static ServerVersion from(Document buildInfo) {
        List<?> parts = buildInfo.get("versionArray", List.class);
        if (parts != null && parts.size() >= 2) {
            return new ServerVersion(number(parts.get(0)), number(parts.get(1)),
                    parts.size() > 2 ? number(parts.get(2)) : 0);
        }
        return parse(buildInfo.getString("version"));
    }

    /** "8.0.4", "7.0.0-rc1" or "4.4" as a version; missing parts are 0. */
    static ServerVersion parse(String version) {
        if (version == null) {
            throw new IllegalStateException("the MongoDB server did not report its version (buildInfo)");
        }
        String[] parts = version.split("[.-]");
        int[] numbers = new int[3];
        for (int i = 0; i < numbers.length && i < parts.length; i++) {
            try {
                numbers[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                break;
            }
        }
        return new ServerVersion(numbers[0], numbers[1], numbers[2]);
    }

    boolean atLeast(ServerVersion other) {
        if (major != other.major) {
            return major > other.major;
        }
        if (minor != other.minor) {
            return minor > other.minor;
        }
        return patch >= other.patch;
    }

    private static int number(Object part) {
        return part instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(part));
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
