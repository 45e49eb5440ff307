package io.bucketry.application.service;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each valid reading of a batch the meta it is written with. A reading sent with tags (or a
 * {@link ReadingInput#meta}) states its version whole: those tags and its measurement (none when not
 * sent). One sent without tags takes the series' latest tags (and measurement, unless it sent one): those
 * of the series' previous reading in the batch, else of its latest stored reading by time, else none.
 */
final class IngestMeta {

    private IngestMeta() {
    }

    /**
     * Replaces, in {@code readings} (the valid ones of {@code inputs}, in batch order, at the indexes where
     * {@code valid} is not null), each reading sent without tags by itself with its series' latest meta.
     */
    static void resolve(ReadingInput[] inputs, Reading[] valid, List<Reading> readings, StoreReadings store) {
        List<SeriesId> untagged = new ArrayList<>();
        int at = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (valid[i] != null) {
                if (!inputs[i].statesMeta()) {
                    untagged.add(readings.get(at).series());
                }
                at++;
            }
        }
        if (untagged.isEmpty()) {
            return;   // every reading states its version: as validated
        }
        // repeats included: a store that keeps no meta answers without reading the list
        Map<SeriesId, SeriesMeta> stored = store.latestMeta(untagged);
        if (stored.isEmpty() && untagged.size() == readings.size() && noMeasurement(inputs)) {
            return;   // the untagged case: no meta anywhere
        }
        Map<SeriesId, SeriesMeta> latest = new HashMap<>();
        at = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (valid[i] == null) {
                continue;
            }
            Reading reading = readings.get(at);
            SeriesMeta meta = reading.meta();
            if (!inputs[i].statesMeta()) {
                SeriesMeta previous = latest.getOrDefault(reading.series(),
                        stored.getOrDefault(reading.series(), SeriesMeta.NONE));
                meta = inputs[i].measurement() == null || inputs[i].measurement().equals(previous.measurement())
                        ? previous : new SeriesMeta(inputs[i].measurement(), previous.tags());
            }
            latest.put(reading.series(), meta);
            if (meta != reading.meta()) {
                readings.set(at, reading.withMeta(meta));
            }
            at++;
        }
    }

    private static boolean noMeasurement(ReadingInput[] inputs) {
        for (ReadingInput input : inputs) {
            if (input != null && input.measurement() != null) {
                return false;
            }
        }
        return true;
    }
}
