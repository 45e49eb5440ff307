package io.bucketry.tools.bench;

import io.bucketry.bootstrap.config.Backend;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/** What {@code bench-peer} can feed: Bucketry's targets (each in its own JVM) and the three peers. */
enum PeerTarget {
    INMEMORY("inmemory", "bucketry inmemory, line protocol", Backend.INMEMORY),
    JSON("json", "bucketry inmemory, JSON /v1/readings", Backend.INMEMORY),
    MONGO_BUCKET("mongo-bucket", "bucketry mongo-bucket (embedded test server), line protocol", Backend.MONGO_BUCKET),
    INFLUXDB("influxdb", "influxdb, line protocol", null),
    VICTORIAMETRICS("victoriametrics", "victoriametrics, line protocol", null),
    QUESTDB("questdb", "questdb, line protocol over HTTP", null);

    static final String NAMES = "inmemory, json, mongo-bucket, influxdb, victoriametrics, questdb";

    private final String key;
    private final String label;
    private final Backend backend;

    PeerTarget(String key, String label, Backend backend) {
        this.key = key;
        this.label = label;
        this.backend = backend;
    }

    String key() {
        return key;
    }

    String label() {
        return label;
    }

    /** The Bucketry backend of a Bucketry target; null for a peer. */
    Backend backend() {
        return backend;
    }

    /** The targets of a comma-separated list of names, in its order; IllegalArgumentException naming an unknown one. */
    static Set<PeerTarget> parse(String text) {
        Set<PeerTarget> targets = new LinkedHashSet<>();
        for (String name : text.split(",")) {
            String wanted = name.strip();
            targets.add(Arrays.stream(values()).filter(t -> t.key.equals(wanted)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("--targets: '" + wanted + "' is not one of " + NAMES)));
        }
        return targets;
    }
}
