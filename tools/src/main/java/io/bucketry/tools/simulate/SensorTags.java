package io.bucketry.tools.simulate;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;

import java.util.List;
import java.util.Map;

/**
 * The tags of {@code simulate}'s sensors with {@code --tags} (issue 32): {@value #BUILDINGS} buildings and
 * {@value #TYPES} types, sensor i in building i mod 250 and of type (i / 250) mod 5, so that 25,000 sensors
 * are 100 per building and every building has sensors of every type. Sent as an embedder that keeps its
 * sensors' tags sends them: one {@link SeriesMeta} per sensor, built once ({@link #metas}); or, for comparison,
 * one map per sensor, built once, that the ingest checks and looks up with each reading ({@link #of}).
 */
final class SensorTags {

    static final int BUILDINGS = 250;
    static final int TYPES = 5;
    static final String BUILDING = "building";
    static final String TYPE = "type";

    private static final List<String> TYPE_NAMES = List.of("temperature", "humidity", "co2", "occupancy", "light");

    private SensorTags() {
    }

    /** The tags of sensors 0 … count − 1, in that order. */
    static List<Map<String, String>> of(int count) {
        Map<String, String>[] tags = newArray(count);
        for (int sensor = 0; sensor < count; sensor++) {
            tags[sensor] = Map.of(BUILDING, building(sensor % BUILDINGS), TYPE, TYPE_NAMES.get(sensor / BUILDINGS % TYPES));
        }
        return List.of(tags);
    }

    /** The tags of sensors 0 … count − 1 as one {@link SeriesMeta} each (no measurement), in that order. */
    static List<SeriesMeta> metas(int count) {
        return of(count).stream().map(tags -> SeriesMeta.of(Tags.of(tags))).toList();
    }

    /** The value of {@code building} of the buildings' {@code index}-th: b000 … b249. */
    static String building(int index) {
        return String.format("b%03d", index);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String>[] newArray(int count) {
        return new Map[count];
    }
}
