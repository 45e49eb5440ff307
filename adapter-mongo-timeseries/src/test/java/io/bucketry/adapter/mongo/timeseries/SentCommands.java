package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import org.bson.BsonDocument;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records every command a store's client sends, for tests of what goes to the server. */
final class SentCommands implements CommandListener {

    private final List<BsonDocument> sent = new CopyOnWriteArrayList<>();

    @Override
    public void commandStarted(CommandStartedEvent event) {
        sent.add(event.getCommand().clone());
    }

    /** The commands sent so far whose name is one of {@code names}, in order. */
    List<BsonDocument> named(String... names) {
        return sent.stream().filter(command -> List.of(names).contains(command.getFirstKey())).toList();
    }

    void clear() {
        sent.clear();
    }
}
