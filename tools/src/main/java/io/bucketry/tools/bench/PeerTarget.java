package io.bucketry.tools.bench;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/** What {@code bench-peer} can feed, in the order it feeds them. */
enum PeerTarget {
    INMEMORY("inmemory", "bucketry inmemory, line protocol"),
    JSON("json", "bucketry inmemory, JSON /v1/readings"),
    MONGO_BUCKET("mongo-bucket", "bucketry mongo-bucket (embedded test server), line protocol"),
    INFLUXDB("influxdb", "influxdb, line protocol");

    static final String NAMES = "inmemory, json, mongo-bucket, influxdb";

    private final String key;
    private final String label;

    PeerTarget(String key, String label) {
        this.key = key;
        this.label = label;
    }

    String label() {
        return label;
    }

    /** The targets of a comma-separated list of names; IllegalArgumentException naming an unknown one. */
    static Set<PeerTarget> parse(String text) {
        Set<PeerTarget> targets = EnumSet.noneOf(PeerTarget.class);
        for (String name : text.split(",")) {
            String wanted = name.strip();
            targets.add(Arrays.stream(values()).filter(t -> t.key.equals(wanted)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("--targets: '" + wanted + "' is not one of " + NAMES)));
        }
        return targets;
    }
}
