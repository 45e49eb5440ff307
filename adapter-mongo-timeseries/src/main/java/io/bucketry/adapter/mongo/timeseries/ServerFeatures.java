package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import org.bson.Document;

/**
 * What the server lets this adapter use: its binary version ({@code buildInfo}) and its
 * featureCompatibilityVersion. The server gates features on the FCV (a 7.0 binary at FCV 6.0 refuses
 * custom bucket spans and time-based deletes), so a feature is there only when both allow it.
 *
 * @param compatibility the FCV, null when the server would not tell it
 * @param unreadable why the FCV could not be read, null when it was
 */
record ServerFeatures(ServerVersion binary, ServerVersion compatibility, String unreadable) {

    /**
     * Reads both; the FCV from {@code getParameter} on the admin database, which mongos, Atlas shared
     * tiers or a user without the privilege may refuse: then the binary version alone gates features.
     */
    static ServerFeatures read(MongoDatabase database, MongoDatabase admin) {
        ServerVersion binary = ServerVersion.from(database.runCommand(new Document("buildInfo", 1)));
        Document answer;
        try {
            // https://www.mongodb.com/docs/manual/reference/command/setFeatureCompatibilityVersion/ ("get FCV")
            answer = admin.runCommand(new Document("getParameter", 1).append("featureCompatibilityVersion", 1));
        } catch (MongoException e) {
            return new ServerFeatures(binary, null, "getParameter featureCompatibilityVersion failed: " + e.getMessage());
        }
        return of(binary, answer);
    }

    /**
     * The FCV of a getParameter answer: {@code {version}}, during an upgrade or downgrade also
     * {@code targetVersion} / {@code previousVersion}; the lowest of them is what is safe to use.
     */
    static ServerFeatures of(ServerVersion binary, Document answer) {
        Object value = answer.get("featureCompatibilityVersion");
        ServerVersion lowest = null;
        if (value instanceof Document fcv) {
            for (String key : new String[] {"version", "targetVersion", "previousVersion"}) {
                String text = fcv.getString(key);
                ServerVersion version = text == null ? null : ServerVersion.parse(text);
                lowest = lowest == null || (version != null && !version.atLeast(lowest)) ? version : lowest;
            }
        } else if (value instanceof String text) {
            lowest = ServerVersion.parse(text);
        }
        return lowest == null
                ? new ServerFeatures(binary, null, "getParameter answered no featureCompatibilityVersion: " + answer.toJson())
                : new ServerFeatures(binary, lowest, null);
    }

    /** The feature introduced in {@code version} is usable: min(binary, FCV) is at least that version. */
    boolean atLeast(ServerVersion version) {
        return binary.atLeast(version) && (compatibility == null || compatibility.atLeast(version));
    }

    /** What the operator is told when the FCV is unknown; null when it was read. */
    String warning() {
        return unreadable == null ? null : "MongoDB " + binary + ": the featureCompatibilityVersion could not be read ("
                + unreadable + "), so time-series features are chosen by the binary version alone; if the FCV is"
                + " lower, creating the collection or deleting from it may fail";
    }

    /**
     * "7.0.4", or "7.0.4 at featureCompatibilityVersion 6.0" where the FCV is lower than the binary;
     * an unknown FCV is told once, by {@link #warning()}.
     */
    @Override
    public String toString() {
        if (compatibility == null) {
            return binary.toString();
        }
        boolean same = compatibility.major() == binary.major() && compatibility.minor() == binary.minor();
        return same ? binary.toString() : binary + " at featureCompatibilityVersion "
                + compatibility.major() + "." + compatibility.minor();
    }
}
