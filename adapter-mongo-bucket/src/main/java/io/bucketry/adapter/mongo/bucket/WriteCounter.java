package io.bucketry.adapter.mongo.bucket;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.application.port.out.WriteMetrics;
import org.bson.BsonDocument;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Counts what a client sends: write commands and the statements inside them, seen by the driver
 * as they leave (so a bulk write of many statements is one command, and a resent one counts
 * again); batches and buckets touched are reported by the writer. What the sealed layout's sealer
 * sends ({@link #sealing}) is counted apart: the sync driver calls a listener on the thread that runs
 * the command, so a thread-local flag tells which is which.
 */
final class WriteCounter implements CommandListener {

    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong finds = new AtomicLong();
    private final AtomicLong buckets = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong sealingCommands = new AtomicLong();
    private final AtomicLong sealingStatements = new AtomicLong();
    private final AtomicLong sealedWindows = new AtomicLong();
    private final ThreadLocal<Boolean> sealing = ThreadLocal.withInitial(() -> false);
    private volatile CommandListener tap = new CommandListener() { };

    /** Test hook: also tells {@code listener} of every command started and succeeded (to measure what crosses the wire). */
    void tap(CommandListener listener) {
        this.tap = listener;
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        tap.commandSucceeded(event);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        tap.commandStarted(event);
        if (LayoutDocuments.isTarget(event.getCommand().get(event.getCommandName()))) {
            return; // reading and writing the layout record at start is not the store's traffic
        }
        String array = switch (event.getCommandName()) {
            case "update" -> "updates";
            case "insert" -> "documents";
            case "delete" -> "deletes";
            default -> null;
        };
        if (array != null) {
            BsonDocument command = event.getCommand();
            int size = command.isArray(array) ? command.getArray(array).size() : 0;
            if (sealing.get()) {
                sealingCommands.incrementAndGet();
                sealingStatements.addAndGet(size);
                return;
            }
            commands.incrementAndGet();
            statements.addAndGet(size);
        } else if (event.getCommandName().equals("find") || event.getCommandName().equals("aggregate")) {
            finds.incrementAndGet();
        }
    }

    void batch(int bucketsTouched) {
        batches.incrementAndGet();
        buckets.addAndGet(bucketsTouched);
    }

    /** Runs a sealing sweep on this thread, its writes counted as sealing; answers the windows it sealed. */
    long sealing(LongSupplier sweep) {
        boolean outer = sealing.get();
        sealing.set(true);
        try {
            long windows = sweep.getAsLong();
            sealedWindows.addAndGet(windows);
            return windows;
        } finally {
            sealing.set(outer);
        }
    }

    /** What sealing sent: write commands, statements, and windows sealed (in place of buckets touched); batches are sweeps. */
    WriteMetrics sealingSnapshot() {
        return new WriteMetrics(sealingCommands.get(), sealingStatements.get(), sealedWindows.get(), 0);
    }

    /** Read commands (find, aggregate) sent, for tests that prove a path needs no read. */
    long reads() {
        return finds.get();
    }

    WriteMetrics snapshot() {
        return new WriteMetrics(commands.get(), statements.get(), buckets.get(), batches.get());
    }
}
