package io.bucketry.adapter.mongo.bucket;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.bucketry.application.port.out.WriteMetrics;
import org.bson.BsonDocument;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what a client sends: write commands and the statements inside them, seen by the driver
 * as they leave (so a bulk write of many statements is one command, and a resent one counts
 * again); batches and buckets touched are reported by the writer.
 */
final class WriteCounter implements CommandListener {

    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong finds = new AtomicLong();
    private final AtomicLong buckets = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();

    @Override
    public void commandStarted(CommandStartedEvent event) {
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
            commands.incrementAndGet();
            BsonDocument command = event.getCommand();
            statements.addAndGet(command.isArray(array) ? command.getArray(array).size() : 0);
        } else if (event.getCommandName().equals("find") || event.getCommandName().equals("aggregate")) {
            finds.incrementAndGet();
        }
    }

    void batch(int bucketsTouched) {
        batches.incrementAndGet();
        buckets.addAndGet(bucketsTouched);
    }

    /** Read commands (find, aggregate) sent, for tests that prove a path needs no read. */
    long reads() {
        return finds.get();
    }

    WriteMetrics snapshot() {
        return new WriteMetrics(commands.get(), statements.get(), buckets.get(), batches.get());
    }
}
