package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.application.port.out.WriteMetrics;
import org.bson.BsonArray;
import org.bson.BsonValue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the store's client sends to the server: every command by name, the statements
 * inside write commands, and (told by the writer) batches and buckets touched.
 */
final class CommandCounter implements CommandListener {

    private static final Map<String, String> STATEMENTS = Map.of(
            "insert", "documents", "update", "updates", "delete", "deletes");

    private final Map<String, LongAdder> commands = new ConcurrentHashMap<>();
    private final LongAdder writeCommands = new LongAdder();
    private final LongAdder writeStatements = new LongAdder();
    private final LongAdder bucketsTouched = new LongAdder();
    private final LongAdder batches = new LongAdder();

    @Override
    public void commandStarted(CommandStartedEvent event) {
        String name = event.getCommandName();
        if (LayoutDocuments.isTarget(event.getCommand().get(name))) {
            return; // reading and writing the layout record at start is not the store's traffic
        }
        commands.computeIfAbsent(name, key -> new LongAdder()).increment();
        String statements = STATEMENTS.get(name);
        if (statements != null) {
            writeCommands.increment();
            BsonValue list = event.getCommand().get(statements);
            writeStatements.add(list instanceof BsonArray array ? array.size() : 0);
        }
    }

    /** One batch handed to the store, which wrote to {@code buckets} (series, window) pairs. */
    void batch(long buckets) {
        batches.increment();
        bucketsTouched.add(buckets);
    }

    /** How many commands named {@code name} ("find", "insert", "aggregate", …) were sent so far. */
    long commands(String name) {
        LongAdder count = commands.get(name);
        return count == null ? 0 : count.sum();
    }

    WriteMetrics metrics() {
        return new WriteMetrics(writeCommands.sum(), writeStatements.sum(), bucketsTouched.sum(), batches.sum());
    }
}
