package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoTimeoutException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A server that does not answer in time is one plain line: the limit it missed, or the server it could not select. */
class MongoCallsTest {

    private final MongoCalls calls = new MongoCalls("db1:27017", 10000L, "the key mongoTimeout", 8000);

    @Test
    void anOperationPastItsTimeLimitNamesTheLimitAndTheKeyThatRaisesIt() {
        MongoOperationTimeoutException slow = new MongoOperationTimeoutException("Operation exceeded the timeout limit.");

        assertThatThrownBy(() -> calls.call("inserting readings", () -> {
            throw slow;
        })).hasCause(slow).hasMessage("mongo-timeseries: inserting readings failed: the operation did not complete "
                + "within its time limit of 10000 ms (raise it with the key mongoTimeout); the server at db1:27017 may "
                + "be overloaded");
    }

    @Test
    void noPrimaryWithinTheSelectionTimeoutIsSaidInPlainWordsWhicheverExceptionTheDriverThrows() {
        String driverSays = "Timed out while waiting for a server that matches WritableServerSelector. Client view";

        for (MongoTimeoutException timeout : new MongoTimeoutException[] {
                new MongoTimeoutException(driverSays), new MongoOperationTimeoutException(driverSays)}) {
            assertThatThrownBy(() -> calls.limitedTo(1500).call("answering a ping", () -> {
                throw timeout;
            })).hasMessageStartingWith("mongo-timeseries: answering a ping failed: the server at db1:27017 did not "
                    + "answer (no primary server was found within the server selection timeout (1500 ms)). Check");
        }
    }

    @Test
    void theLimitsNamedAreThoseTheClientIsBuiltWith() {
        assertThat(StoreClients.calls(MongoTimeSeriesSettings.of("mongodb://db1")))
                .isEqualTo(new MongoCalls("db1", 10000L, "the key mongoTimeout", 10000));
        assertThat(StoreClients.calls(MongoTimeSeriesSettings.of("mongodb://db1/?timeoutMS=500&serverSelectionTimeoutMS=200")))
                .isEqualTo(new MongoCalls("db1", 500L, "the connection string's timeoutMS", 200));
        assertThat(StoreClients.calls(MongoTimeSeriesSettings.of("mongodb://db1/?socketTimeoutMS=700")))
                .isEqualTo(new MongoCalls("db1", null, null, 10000));
    }
}
