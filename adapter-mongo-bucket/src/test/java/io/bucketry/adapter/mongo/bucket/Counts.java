package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.WriteMetrics;

/** What a store sent between two moments: write commands, statements, read commands. */
record Counts(long writeCommands, long statements, long bucketsTouched, long batches, long reads) {

    static Counts of(MongoBucketReadingStore store) {
        WriteMetrics metrics = store.writeMetrics();
        return new Counts(metrics.writeCommands(), metrics.writeStatements(), metrics.bucketsTouched(),
                metrics.batches(), store.counter().reads());
    }

    Counts since(Counts before) {
        return new Counts(writeCommands - before.writeCommands, statements - before.statements,
                bucketsTouched - before.bucketsTouched, batches - before.batches, reads - before.reads);
    }
}
