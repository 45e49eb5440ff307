package io.bucketry.tools.bench;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.tools.simulate.ReadingGenerator;
import io.bucketry.tools.simulate.Scenario;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The case-study stream of {@code simulate} ({@link ReadingGenerator}: same scenario, same seed, ending
 * at {@code end}) encoded once, before any feed, so that a feed times the server and not the encoding.
 */
record PeerStream(Scenario scenario, List<Batch> batches, long readings, long bytes) {

    /** The stream of {@code scenario} ending at {@code end}, each batch encoded by {@code encoding}. */
    static PeerStream of(Scenario scenario, Instant end, Function<List<ReadingInput>, Batch> encoding) {
        ReadingGenerator generator = new ReadingGenerator(scenario, ReadingGenerator.sensorIds(scenario.sensors()), end);
        List<Batch> batches = new ArrayList<>();
        long readings = 0;
        long bytes = 0;
        for (List<ReadingInput> batch = generator.nextBatch(); !batch.isEmpty(); batch = generator.nextBatch()) {
            Batch encoded = encoding.apply(batch);
            batches.add(encoded);
            readings += encoded.readings();
            bytes += encoded.body().length;
        }
        return new PeerStream(scenario, List.copyOf(batches), readings, bytes);
    }

    /** Mean encoded bytes per reading. */
    double bytesPerReading() {
        return readings == 0 ? 0 : (double) bytes / readings;
    }
}
