package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.application.port.out.StoreUnavailableException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Durability: majority unless the connection string sets w, and a write concern error is never taken for a conflict. */
class WriteConcernTest {

    @Test
    void theUpdateCommandsTheStoreSendsAskForMajority() {
        // given: a client built as the store builds its own, watching what it sends
        List<BsonDocument> updates = new CopyOnWriteArrayList<>();
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                if (event.getCommandName().equals("update")) {
                    updates.add(event.getCommand());
                }
            }
        };
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoClient client = MongoConnections.client(settings, "t", listener)) {
            // when
            client.getDatabase(settings.database()).getCollection(settings.collection())
                    .updateOne(BsonDocument.parse("{_id: 1}"), BsonDocument.parse("{$set: {x: 1}}"));
        }

        // then
        assertThat(updates).hasSize(1);
        assertThat(updates.get(0).getDocument("writeConcern").getString("w").getValue()).isEqualTo("majority");
    }

    @Test
    void aWriteConcernErrorBesideDuplicateKeyErrorsFailsTheBatchInsteadOfRetryingIt() {
        // given: one statement met E11000, the others applied but were not majority-acknowledged
        MongoBulkWriteException failure = new MongoBulkWriteException(BulkWriteResult.acknowledged(0, 2, 0, 2, List.of(), List.of()),
                List.of(new BulkWriteError(BucketWriter.DUPLICATE_KEY, "E11000 duplicate key", new BsonDocument(), 1)),
                new WriteConcernError(64, "WriteConcernFailed", "waiting for replication timed out", new BsonDocument()),
                new ServerAddress(), Set.of());

        // when / then
        assertThatThrownBy(() -> BucketWriter.conflicts(failure)).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("write concern not satisfied: waiting for replication timed out")
                .hasMessageContaining("1 write errors");
    }

    @Test
    void duplicateKeyErrorsAloneAreConflictsToReplan() {
        MongoBulkWriteException failure = new MongoBulkWriteException(BulkWriteResult.acknowledged(0, 1, 0, 1, List.of(), List.of()),
                List.of(new BulkWriteError(BucketWriter.DUPLICATE_KEY, "E11000", new BsonDocument(), 2)), null,
                new ServerAddress(), Set.of());

        assertThat(BucketWriter.conflicts(failure).stream().boxed().toList()).containsExactly(2);
    }
}
