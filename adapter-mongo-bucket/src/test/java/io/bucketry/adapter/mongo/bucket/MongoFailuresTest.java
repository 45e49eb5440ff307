package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import io.bucketry.application.port.out.StoreUnavailableException;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Driver failures become one line that names the server and what to check, never the driver's cluster dump. */
class MongoFailuresTest {

    private final MongoFailures failures = new MongoFailures("db1:27017,db2:27017");

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
}
