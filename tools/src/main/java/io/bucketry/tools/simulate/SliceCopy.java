package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * The readings a store holds for every sensor in [from, to], read back through the read use case
 * and put in the order the generator sends them (tick by tick, sensors in order), as ingest
 * batches: a second store fed with them holds exactly what the first holds there, so that both
 * answer the same windows.
 */
final class SliceCopy {

    private final List<ReadingInput> readings;
    private final int batchSize;

    private SliceCopy(List<ReadingInput> readings, int batchSize) {
        this.readings = readings;
        this.batchSize = batchSize;
    }

    static SliceCopy of(ReadReadingsUseCase read, String[] sensorIds, Instant from, Instant to, int batchSize) {
        List<ReadingInput> readings = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        for (String sensor : sensorIds) {
            for (Reading reading : read.read(new SeriesId(sensor), from, to.plusMillis(1), DashboardBenchmark.LIMIT)) {
                readings.add(new ReadingInput(sensor, reading.time(), reading.fields()));
                times.add(reading.epochMilli());
            }
        }
        Integer[] order = new Integer[readings.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // stable: within one tick the sensors keep their order
        java.util.Arrays.sort(order, Comparator.comparingLong(times::get));
        List<ReadingInput> sorted = new ArrayList<>(order.length);
        for (Integer index : order) {
            sorted.add(readings.get(index));
        }
        return new SliceCopy(sorted, batchSize);
    }

    long readings() {
        return readings.size();
    }

    /** A fresh pass over the batches, each call of the supplier the next one, then empty lists. */
    Supplier<List<ReadingInput>> batches() {
        int[] next = {0};
        return () -> {
            int from = next[0];
            int to = Math.min(readings.size(), from + batchSize);
            next[0] = to;
            return readings.subList(from, to);
        };
    }
}
