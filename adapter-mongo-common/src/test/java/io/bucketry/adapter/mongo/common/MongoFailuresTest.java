package io.bucketry.adapter.mongo.common;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Driver failures become one line that names the server and what to check, never the driver's cluster dump. */
class MongoFailuresTest {

    private final MongoFailures failures = new MongoFailures("db1:27017,db2:27017", 10000L, "the key mongoTimeout", 8000, "mongo-bucket");

    @Test
    void aServerSelectionTimeoutNamesTheServerAndTheWaitWithoutTheClusterDump() {
        MongoTimeoutException timeout = new MongoTimeoutException("Timed out after 10000 ms while waiting to connect. "
                + "Client view of cluster state is {type=UNKNOWN, servers=[{address=db1:27017, type=UNKNOWN, "
                + "state=CONNECTING, exception={com.mongodb.MongoSocketOpenException: Exception opening socket}}]");

        assertThatThrownBy(() -> failures.translate("store readings", () -> {
            throw timeout;
        }))
                .isInstanceOf(StoreUnavailableException.class)
                .hasCause(timeout)
                .hasMessage("mongo-bucket: could not store readings: the server at db1:27017,db2:27017 did not answer "
                        + "(Timed out after 10000 ms while waiting to connect). Check that it is running and reachable "
                        + "from here, and the hosts, port and TLS options of the connection string");
    }

    @Test
    void anOperationPastItsTimeLimitNamesTheLimitAndTheKeyThatRaisesIt() {
        MongoOperationTimeoutException slow = new MongoOperationTimeoutException("Operation exceeded the timeout limit.");

        assertThatThrownBy(() -> failures.translate("store readings", () -> {
            throw slow;
        }))
                .hasCause(slow)
                .hasMessage("mongo-bucket: could not store readings: the operation did not complete within its time "
                        + "limit of 10000 ms (raise it with the key mongoTimeout); the server at db1:27017,db2:27017 "
                        + "may be overloaded");
    }

    @Test
    void noPrimaryWithinTheSelectionTimeoutIsSaidInPlainWordsWhicheverExceptionTheDriverThrows() {
        String driverSays = "Timed out while waiting for a server that matches "
                + "ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {type=UNKNOWN}";

        for (MongoTimeoutException timeout : new MongoTimeoutException[] {
                new MongoTimeoutException(driverSays), new MongoOperationTimeoutException(driverSays)}) {
            assertThatThrownBy(() -> failures.translate("read readings", () -> {
                throw timeout;
            })).hasMessage("mongo-bucket: could not read readings: the server at db1:27017,db2:27017 did not answer "
                    + "(no primary server was found within the server selection timeout (8000 ms)). Check that it is "
                    + "running and reachable from here, and the hosts, port and TLS options of the connection string");
        }
    }

    @Test
    void aSelectionForASecondaryLooksForASuitableServerWithinTheShorterOfBothLimits() {
        MongoTimeoutException timeout = new MongoOperationTimeoutException("Timed out while waiting for a server that "
                + "matches ReadPreferenceServerSelector{readPreference=ReadPreference{name=secondary}}. Client view");

        assertThatThrownBy(() -> failures.limitedTo(1500).translate("answer a ping", () -> {
            throw timeout;
        })).hasMessageContaining("did not answer (no suitable server was found within the server selection timeout "
                + "(1500 ms))").hasMessageNotContaining("Selector");
    }

    @Test
    void theServerDiagnosticsNameTheBackendTheyServeOrNone() {
        MongoTimeoutException timeout = new MongoTimeoutException("Timed out while waiting for a server that matches "
                + "ReadPreferenceServerSelector{readPreference=primary}. Client view");

        assertThatThrownBy(() -> failures.named("MongoDB server diagnostics").translate("read buildInfo", () -> {
            throw timeout;
        })).hasMessageStartingWith("MongoDB server diagnostics: could not read buildInfo: the server at ");
        assertThatThrownBy(() -> failures.named("mongo-timeseries").translate("read buildInfo", () -> {
            throw timeout;
        })).hasMessageStartingWith("mongo-timeseries: could not read buildInfo: the server at ");
    }

    @Test
    void aRefusedConnectionIsReportedAsUnreachable() {
        MongoSocketOpenException refused = new MongoSocketOpenException("Exception opening socket",
                new ServerAddress("db1", 27017), new IOException("Connection refused"));

        assertThatThrownBy(() -> failures.translate("read readings", () -> {
            throw refused;
        })).hasMessageStartingWith("mongo-bucket: could not read readings: the server at db1:27017,db2:27017 did not "
                + "answer (Exception opening socket)");
    }

    @Test
    void refusedCredentialsSayWhichPartsOfTheConnectionStringToCheck() {
        MongoSecurityException denied = new MongoSecurityException(
                MongoCredential.createCredential("ann", "admin", "secret".toCharArray()),
                "Exception authenticating MongoCredential{mechanism=SCRAM-SHA-256, userName='ann'}");

        assertThatThrownBy(() -> failures.translate("store readings", () -> {
            throw denied;
        }))
                .hasMessageStartingWith("mongo-bucket: could not store readings: the server at db1:27017,db2:27017 "
                        + "refused the credentials")
                .hasMessageContaining("authSource")
                .hasMessageNotContaining("secret");
    }

    @Test
    void anyOtherServerErrorKeepsTheServersMessage() {
        MongoCommandException failed = new MongoCommandException(
                BsonDocument.parse("{ok: 0, errmsg: 'not primary', code: 10107, codeName: 'NotWritablePrimary'}"),
                new ServerAddress("db1", 27017));

        assertThatThrownBy(() -> failures.translate("store readings", () -> {
            throw failed;
        })).hasMessageStartingWith("mongo-bucket: could not store readings: ").hasMessageContaining("not primary");
    }

    @Test
    void aRefusedBulkWriteNamesItsFirstErrorAndWhatWasInsertedBeforeIt() {
        // given: two documents inserted, then one refused by validation
        MongoBulkWriteException refused = new MongoBulkWriteException(BulkWriteResult.acknowledged(2, 0, 0, 0, List.of(), List.of()),
                List.of(new BulkWriteError(121, "Document failed validation", new BsonDocument(), 2)), null,
                new ServerAddress(), Set.of());

        // when / then
        assertThatThrownBy(() -> failures.named("mongo-timeseries").translate("store 3 readings", () -> {
            throw refused;
        })).hasCause(refused).hasMessage("mongo-timeseries: could not store 3 readings: Document failed validation "
                + "(2 documents were inserted before)");
    }
}
