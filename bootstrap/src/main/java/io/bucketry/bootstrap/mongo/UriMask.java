package io.bucketry.bootstrap.mongo;

import io.bucketry.adapter.mongo.common.ConnectionStrings;

/**
 * Hides a MongoDB connection string's credentials for printing. The rules live with the Mongo
 * backends; an application without one (in-memory only) has no Mongo classes to load, and its
 * configuration's URI, which nothing uses, is hidden whole.
 */
public final class UriMask {

    static final String MASKING_CLASS = "io.bucketry.adapter.mongo.common.ConnectionStrings";
    private static final boolean MONGO_PRESENT = present(MASKING_CLASS);

    private UriMask() {
    }

    /** {@code uri} with its credentials masked, or {@code ***} where the masking rules are absent. */
    public static String mask(String uri) {
        return mask(uri, MONGO_PRESENT);
    }

    static String mask(String uri, boolean mongoPresent) {
        if (uri == null) {
            return null;
        }
        return mongoPresent ? ConnectionStrings.mask(uri) : "***";
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, UriMask.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
