package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Short ways to build readings and buckets in tests. */
public final class TestReadings {

    public static final SeriesId SENSOR = SeriesId.of("sensor-1");
    public static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);

    private TestReadings() {
    }

    /** A reading of {@link #SENSOR} at {@code epochMilli} with fields given as name, value, name, value… */
    public static Reading reading(long epochMilli, Object... namesAndValues) {
        return reading(SENSOR, epochMilli, namesAndValues);
    }

    public static Reading reading(SeriesId series, long epochMilli, Object... namesAndValues) {
        return new Reading(series, Instant.ofEpochMilli(epochMilli), Fields.of(map(namesAndValues)));
    }

    public static Map<String, Object> map(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values must come in pairs");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    public static String repeat(char c, int times) {
        return String.valueOf(c).repeat(times);
    }
}
