package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random readings for the rollup contract: a few series over the last 2.5 days, values that are
 * multiples of 0.25 (so that sums are exact in any order), some fields missing, a tenth resent
 * with another value (duplicates), ingested shuffled (so many arrive late) in random batches.
 */
record TieredData(List<SeriesId> series, List<Reading> inIngestOrder) {

    static TieredData random(Random random, int seriesCount, int perSeries, Instant now) {
        List<SeriesId> series = new ArrayList<>();
        List<Reading> readings = new ArrayList<>();
        long span = Duration.ofHours(60).toMillis();
        for (int s = 0; s < seriesCount; s++) {
            SeriesId id = SeriesId.of("tiers-" + Long.toHexString(random.nextLong()));
            series.add(id);
            for (int i = 0; i < perSeries; i++) {
                Instant time = now.minusMillis(1 + (long) (random.nextDouble() * span));
                readings.add(reading(random, id, time));
                if (random.nextInt(10) == 0) {
                    readings.add(reading(random, id, time));
                }
            }
        }
        Collections.shuffle(readings, random);
        return new TieredData(series, readings);
    }

    private static Reading reading(Random random, SeriesId id, Instant time) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("a", (random.nextInt(801) - 400) / 4.0);
        if (random.nextInt(3) > 0) {
            fields.put("b", random.nextInt(1000) / 4.0);
        }
        if (random.nextInt(4) == 0) {
            fields.put("status", random.nextBoolean() ? "OK" : "WARN");
        }
        return Reading.of(id.value(), time, fields);
    }

    /** Ingests the readings in random batches, running {@code between} after about a fifth of them. */
    void ingestInBatches(UseCases use, Random random, Runnable between) {
        for (int from = 0; from < inIngestOrder.size(); ) {
            int to = Math.min(inIngestOrder.size(), from + 1 + random.nextInt(100));
            ContractSupport.ingest(use, inIngestOrder.subList(from, to));
            if (random.nextInt(5) == 0) {
                between.run();
            }
            from = to;
        }
    }

    List<Reading> kept() {
        return BruteForce.firstWins(inIngestOrder);
    }

    List<Reading> kept(SeriesId id) {
        return kept().stream().filter(r -> r.series().equals(id)).toList();
    }
}
