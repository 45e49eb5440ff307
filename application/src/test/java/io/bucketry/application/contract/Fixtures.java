package io.bucketry.application.contract;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Shared test data: the fixed instants the suite works around, fresh series ids, readings and inputs. */
public final class Fixtures {

    /**
     * Where the test clock starts. Fixed, so that runs are reproducible; ahead of the wall clock,
     * because a real MongoDB's TTL monitor expires documents by the wall clock and would delete
     * past test data in the middle of a test; before 2038, where 32-bit second timestamps (such as
     * those in ObjectIds of native time-series buckets) end.
     */
    public static final Instant NOW = Instant.parse("2030-07-22T00:00:00Z");
    /** One day before {@link #NOW}: aligned to the day and the hour; test readings lie in {@code [BASE, NOW)}. */
    public static final Instant BASE = NOW.minus(Duration.ofDays(1));

    private static final String RUN = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36);
    private static final AtomicLong COUNTER = new AtomicLong();

    private Fixtures() {
    }

    /** A series id no other test (of this run or an earlier one) uses: {@code <prefix>-<run>-<n>}. */
    public static SeriesId freshSeries(String prefix) {
        return new SeriesId(freshPrefix(prefix));
    }

    /** A fresh text to build related series ids from (e.g. ids that are prefixes of each other). */
    public static String freshPrefix(String prefix) {
        return prefix + "-" + RUN + "-" + COUNTER.incrementAndGet();
    }

    /** {@link #BASE} plus {@code duration}. */
    public static Instant at(Duration duration) {
        return BASE.plus(duration);
    }

    public static Duration minutes(long minutes) {
        return Duration.ofMinutes(minutes);
    }

    /** Field map from alternating names and values, in the given order. */
    public static Map<String, Object> fields(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values must come in pairs");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    /** A valid reading (every domain rule checked). */
    public static Reading reading(SeriesId series, Instant time, Object... namesAndValues) {
        return Reading.of(series.value(), time, fields(namesAndValues));
    }

    /** A reading with one numeric field {@code value}. */
    public static Reading value(SeriesId series, Instant time, double value) {
        return reading(series, time, "value", value);
    }

    /** The reading as ingest input. */
    public static ReadingInput input(Reading reading) {
        return new ReadingInput(reading.series().value(), reading.time(), reading.fields());
    }

    public static List<ReadingInput> inputs(List<Reading> readings) {
        List<ReadingInput> inputs = new ArrayList<>(readings.size());
        for (Reading reading : readings) {
            inputs.add(input(reading));
        }
        return inputs;
    }
}
