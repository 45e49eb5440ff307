package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.SeriesMeta;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The readings of a {@link Scenario} in real-time order: tick by tick (one interval), every sensor
 * per tick, ending at {@code end}. A late reading is held back and re-inserted 1–10 ticks later; a
 * duplicate is the same reading submitted again 1–10 ticks later. Deterministic (fixed seed): two
 * generators of one scenario and end produce the same readings in the same order. With
 * {@link Scenario#tags()}, every reading carries its sensor's {@link SensorTags}: its {@link SeriesMeta}, or
 * its map of tags when built with {@code tagsAsMaps}.
 */
public final class ReadingGenerator {

    /** The numeric fields of each reading (temperature and pressure; status is a text). */
    static final int NUMERIC_FIELDS = 2;

    private static final String OK = "OK";
    private static final String WARN = "WARN";

    private final Scenario scenario;
    private final String[] sensorIds;
    /** Each sensor's tags as a map, or null when the scenario has none or they are sent as {@link #metas}. */
    private final List<Map<String, String>> tags;
    /** Each sensor's tags as a meta, or null when the scenario has none or they are sent as {@link #tags}. */
    private final List<SeriesMeta> metas;
    private final long firstTick;
    private final long intervalMillis;
    private final boolean resubmitDuplicates;
    private final SplittableRandom random = new SplittableRandom(42);
    private final List<List<ReadingInput>> delayed = new ArrayList<>();
    private final ArrayDeque<ReadingInput> ready = new ArrayDeque<>();
    private long tick;
    private long submitted;

    public ReadingGenerator(Scenario scenario, String[] sensorIds, Instant end) {
        this(scenario, sensorIds, end, true);
    }

    /**
     * @param resubmitDuplicates false: the same stream without the duplicate resubmissions, i.e. every
     *                           distinct reading exactly once (the random draws are the same either way)
     */
    public ReadingGenerator(Scenario scenario, String[] sensorIds, Instant end, boolean resubmitDuplicates) {
        this(scenario, sensorIds, end, resubmitDuplicates, false);
    }

    /**
     * @param tagsAsMaps with {@link Scenario#tags()}: each reading carries its sensor's map of tags (checked and
     *                   looked up by the ingest with each reading) rather than its {@link SeriesMeta}
     */
    public ReadingGenerator(Scenario scenario, String[] sensorIds, Instant end, boolean resubmitDuplicates,
                            boolean tagsAsMaps) {
        this.scenario = scenario;
        this.resubmitDuplicates = resubmitDuplicates;
        this.sensorIds = sensorIds;
        this.tags = scenario.tags() && tagsAsMaps ? SensorTags.of(sensorIds.length) : null;
        this.metas = scenario.tags() && !tagsAsMaps ? SensorTags.metas(sensorIds.length) : null;
        this.intervalMillis = scenario.interval().toMillis();
        this.firstTick = end.toEpochMilli() - (scenario.ticks() - 1) * intervalMillis;
        for (int i = 0; i <= Scenario.MAX_DELAY_TICKS; i++) {
            delayed.add(new ArrayList<>());
        }
    }

    /** Series ids {@code sensor-00001} … of {@code count} sensors. */
    public static String[] sensorIds(int count) {
        String[] ids = new String[count];
        int digits = Math.max(5, Integer.toString(count).length());
        for (int i = 0; i < count; i++) {
            ids[i] = "sensor-" + String.format("%0" + digits + "d", i + 1);
        }
        return ids;
    }

    /** The next batch of at most {@code batchSize} readings, empty when the stream has ended. */
    public List<ReadingInput> nextBatch() {
        while (ready.size() < scenario.batchSize() && hasMoreTicks()) {
            generateTick();
        }
        int size = Math.min(scenario.batchSize(), ready.size());
        List<ReadingInput> batch = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            batch.add(ready.poll());
        }
        submitted += size;
        return batch;
    }

    /** Readings handed out so far, duplicates included. */
    public long submitted() {
        return submitted;
    }

    private boolean hasMoreTicks() {
        return tick < scenario.ticks() + Scenario.MAX_DELAY_TICKS;
    }

    private void generateTick() {
        if (tick < scenario.ticks()) {
            long time = firstTick + tick * intervalMillis;
            Instant instant = Instant.ofEpochMilli(time);
            double daily = Math.sin(2 * Math.PI * Math.floorMod(time, 86_400_000L) / 86_400_000.0);
            for (int s = 0; s < sensorIds.length; s++) {
                ReadingInput reading = reading(s, instant, daily);
                if (scenario.lateShare() > 0 && random.nextDouble() < scenario.lateShare()) {
                    delay(reading);
                } else {
                    ready.add(reading);
                }
                if (scenario.duplicateShare() > 0 && random.nextDouble() < scenario.duplicateShare()) {
                    List<ReadingInput> slot = delayed.get(delayTicks());   // drawn either way: same stream
                    if (resubmitDuplicates) {
                        slot.add(reading);
                    }
                }
            }
        }
        List<ReadingInput> due = delayed.get((int) (tick % delayed.size()));
        ready.addAll(due);
        due.clear();
        tick++;
    }

    private void delay(ReadingInput reading) {
        delayed.get(delayTicks()).add(reading);
    }

    /** The slot of {@link #delayed} 1 to MAX_DELAY_TICKS ticks from now, drawn at random. */
    private int delayTicks() {
        int ticks = 1 + random.nextInt(Scenario.MAX_DELAY_TICKS);
        return (int) ((tick + ticks) % delayed.size());
    }

    private ReadingInput reading(int sensor, Instant time, double daily) {
        double temperature = round(20 + (sensor % 10) * 0.5 + 4 * daily + random.nextDouble() * 2 - 1);
        double pressure = round(1013.25 + (sensor % 7) - 3 + random.nextDouble() * 4 - 2);
        String status = temperature > 27 ? WARN : OK;
        GeneratedFields fields = new GeneratedFields(temperature, pressure, status);
        if (metas != null) {
            return ReadingInput.withMeta(sensorIds[sensor], time, fields, metas.get(sensor));
        }
        return tags == null ? new ReadingInput(sensorIds[sensor], time, fields)
                : new ReadingInput(sensorIds[sensor], time, fields, tags.get(sensor), null);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
