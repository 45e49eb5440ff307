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
 * Gives each valid reading of a batch the meta it is written with: what it was sent with, and for what
 * it was sent without (no {@code tags}, no measurement) the series' latest, which is the meta of the
 * series' previous reading in the batch, else of its latest stored reading by time, else none.
 */
final class IngestMeta {

    private IngestMeta() {
    }

    /**
     * Replaces, in {@code readings} (the valid ones of {@code inputs}, in batch order, at the indexes where
     * {@code valid} is not null), each reading by itself with its resolved meta.
     */
    static void resolve(ReadingInput[] inputs, Reading[] valid, List<Reading> readings, StoreReadings store) {
        boolean sent = false;
        List<SeriesId> unsent = new ArrayList<>();
        int at = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (valid[i] != null) {
                boolean tags = inputs[i].tags() != null;
                boolean measurement = inputs[i].measurement() != null;
                sent |= tags || measurement;
                if (!tags || !measurement) {
                    unsent.add(readings.get(at).series());
                }
                at++;
            }
        }
        // repeats included: a store that keeps no meta answers without reading the list
        Map<SeriesId, SeriesMeta> stored = unsent.isEmpty() ? Map.of() : store.latestMeta(unsent);
        if (!sent && stored.isEmpty()) {
            return;
        }
        Map<SeriesId, SeriesMeta> latest = new HashMap<>(stored);
        at = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (valid[i] == null) {
                continue;
            }
            Reading reading = readings.get(at);
            SeriesMeta previous = latest.getOrDefault(reading.series(), SeriesMeta.NONE);
            SeriesMeta meta = previous;
            if (inputs[i].tags() != null || inputs[i].measurement() != null) {
                SeriesMeta own = reading.meta();
                meta = new SeriesMeta(own.measurement() != null ? own.measurement() : previous.measurement(),
                        inputs[i].tags() != null ? own.tags() : previous.tags());
                meta = meta.equals(previous) ? previous : meta;   // one object per version, not per reading
                latest.put(reading.series(), meta);
            }
            readings.set(at++, reading.withMeta(meta));
        }
    }
}
