package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcern;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import com.mongodb.ConnectionString;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.application.port.out.StoreUnavailableException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Durability: majority unless the connection string sets w, and a write concern error is named even beside write errors. */
class WriteConcernTest {

    @Test
    void aWriteConcernErrorBesideWriteErrorsIsNamedNotHiddenBehindTheFirstWriteError() {
        // given: one insert refused by validation, the others applied but not majority-acknowledged
        MongoBulkWriteException failure = new MongoBulkWriteException(BulkWriteResult.acknowledged(2, 0, 0, 0, List.of(), List.of()),
                List.of(new BulkWriteError(121, "Document failed validation", new BsonDocument(), 0)),
                new WriteConcernError(64, "WriteConcernFailed", "waiting for replication timed out", new BsonDocument()),
                new ServerAddress(), Set.of());

        // when
        RuntimeException translated = ReadingWriter.writeConcernFirst(failure);

        // then
        assertThat(translated).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("write concern not satisfied: waiting for replication timed out")
                .hasMessageContaining("2 readings inserted, 1 write errors");
    }

    @Test
    void withoutAWriteConcernErrorTheFailureIsLeftToTheUsualTranslation() {
        MongoBulkWriteException failure = new MongoBulkWriteException(BulkWriteResult.acknowledged(0, 0, 0, 0, List.of(), List.of()),
                List.of(new BulkWriteError(121, "Document failed validation", new BsonDocument(), 0)), null,
                new ServerAddress(), Set.of());

        assertThat(ReadingWriter.writeConcernFirst(failure)).isSameAs(failure);
    }
}
