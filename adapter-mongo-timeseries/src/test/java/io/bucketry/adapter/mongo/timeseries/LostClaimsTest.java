package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Only duplicate key errors are lost claims; any other failure of a claim bulk is the caller's error. */
class LostClaimsTest {

    @Test
    void duplicateKeyErrorsNameTheClaimsLost() {
        // given
        MongoBulkWriteException e = failed(List.of(error(11000, 1), error(11000, 4)), null);

        // when / then
        assertThat(LostClaims.indexes(e)).containsExactly(1, 4);
    }

    @Test
    void anotherWriteErrorOrAWriteConcernErrorIsThrown() {
        // given
        MongoBulkWriteException other = failed(List.of(error(11000, 0), error(2, 1)), null);
        MongoBulkWriteException concern = failed(List.of(error(11000, 0)),
                new WriteConcernError(64, "WriteConcernFailed", "waiting for replication timed out", new BsonDocument()));

        // when / then
        assertThatThrownBy(() -> LostClaims.indexes(other)).isSameAs(other);
        assertThatThrownBy(() -> LostClaims.indexes(concern)).isSameAs(concern);
    }

    private static BulkWriteError error(int code, int index) {
        return new BulkWriteError(code, "failed", new BsonDocument(), index);
    }

    private static MongoBulkWriteException failed(List<BulkWriteError> errors, WriteConcernError concern) {
        return new MongoBulkWriteException(BulkWriteResult.unacknowledged(), errors, concern,
                new ServerAddress(), Set.of());
    }
}
