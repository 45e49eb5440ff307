package io.bucketry.adapter.mongo.common;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.application.port.out.WriteMetrics;
import org.bson.BsonDocument;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Counts what either Mongo store's client sends: write commands and the statements inside them, seen
 * by the driver as they leave (so a bulk write of many statements is one command, and a resent one
 * counts again), and read commands; batches and buckets touched are reported by the writer. What the sealed layout's sealer
 * sends ({@link #sealing}) is counted apart: the sync driver calls a listener on the thread that runs
 * the command, so a thread-local flag tells which is which.
 */
public final class CommandCounter implements CommandListener {

    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong statements = new AtomicLong();
    private final Map<String, LongAdder> byName = new ConcurrentHashMap<>();
    private final AtomicLong buckets = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong sealingCommands = new AtomicLong();
    private final AtomicLong sealingStatements = new AtomicLong();
    private final AtomicLong sealedWindows = new AtomicLong();
    private final ThreadLocal<Boolean> sealing = ThreadLocal.withInitial(() -> false);
    private volatile CommandListener tap = new CommandListener() { };

    /** Test hook: also tells {@code listener} of every command started and succeeded (to measure what crosses the wire). */
    public void tap(CommandListener listener) {
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
        byName.computeIfAbsent(event.getCommandName(), name -> new LongAdder()).increment();
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
        }
    }

    /** One batch handed to the store, which wrote to {@code bucketsTouched} buckets. */
    public void batch(long bucketsTouched) {
        batches.incrementAndGet();
        buckets.addAndGet(bucketsTouched);
    }

    /** Runs a sealing sweep on this thread, its writes counted as sealing; answers the windows it sealed. */
    public long sealing(LongSupplier sweep) {
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
    public WriteMetrics sealingMetrics() {
        return new WriteMetrics(sealingCommands.get(), sealingStatements.get(), sealedWindows.get(), 0);
    }

    /** Read commands (find, aggregate) sent, for tests that prove a path needs no read. */
    public long reads() {
        return commands("find") + commands("aggregate");
    }

    /** How many commands named {@code name} ("find", "insert", "aggregate", …) were sent so far. */
    public long commands(String name) {
        LongAdder count = byName.get(name);
        return count == null ? 0 : count.sum();
    }

    /** What the store's writes sent: write commands, statements, buckets touched, batches. */
    public WriteMetrics metrics() {
        return new WriteMetrics(commands.get(), statements.get(), buckets.get(), batches.get());
    }
}
