package io.bucketry.application.port.out;

/**
 * What a store sent to its server while writing, counted since it was opened (for benchmarks).
 * Telemetry, not part of the port: the Mongo stores answer it from their own {@code writeMetrics()},
 * and bootstrap, which knows the adapters, asks them.
 *
 * @param writeCommands write commands sent to the server (one bulk write of many statements is one)
 * @param writeStatements statements inside those commands (updates, inserts)
 * @param bucketsTouched distinct buckets written, summed over batches
 * @param batches batches handed to {@link StoreReadings#store}
 */
public record WriteMetrics(long writeCommands, long writeStatements, long bucketsTouched, long batches) {
}
