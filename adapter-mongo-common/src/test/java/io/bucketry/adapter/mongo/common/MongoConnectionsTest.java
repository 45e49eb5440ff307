package io.bucketry.adapter.mongo.common;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.event.CommandListener;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The client both Mongo stores build: its timeouts, write concern, name, and the limits its failures name. */
class MongoConnectionsTest {

    private static final CommandListener NONE = new CommandListener() { };

    /** Connection settings as either adapter's settings record gives them. */
    record Place(String uri, String database, String collection, Duration timeout) implements MongoConnectionSettings {

        Place(String uri, Duration timeout) {
            this(uri, "db", "c", timeout);
        }

        static Place of(String uri) {
            return new Place(uri, DEFAULT_TIMEOUT);
        }
    }

    @Test
    void theLimitsNamedAreThoseTheClientIsBuiltWith() {
        assertThat(MongoConnections.failures(Place.of("mongodb://db1"), "who"))
                .isEqualTo(new MongoFailures("db1", 10000L, "the key mongoTimeout", 10000, "who"));
        assertThat(MongoConnections.failures(Place.of("mongodb://db1/?timeoutMS=500&serverSelectionTimeoutMS=200"), "who"))
                .isEqualTo(new MongoFailures("db1", 500L, "the connection string's timeoutMS", 200, "who"));
        assertThat(MongoConnections.failures(Place.of("mongodb://db1/?socketTimeoutMS=700"), "who"))
                .isEqualTo(new MongoFailures("db1", null, null, 10000, "who"));
    }

    @Test
    void serverSelectionTimesOutAfterTenSecondsUnlessTheUriSaysOtherwise() {
        CommandListener listener = new CommandListener() { };

        MongoClientSettings defaulted = MongoConnections.clientSettings(Place.of("mongodb://h"), "a", listener);
        MongoClientSettings given = MongoConnections.clientSettings(
                Place.of("mongodb://h/?serverSelectionTimeoutMS=300"), "a", listener);

        assertThat(defaulted.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS)).isEqualTo(10_000);
        assertThat(given.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS)).isEqualTo(300);
    }

    @Test
    void theSettingsTimeoutBecomesTimeoutMsUnlessTheUriSetsATimeout() {
        MongoClientSettings defaulted = MongoConnections.clientSettings(Place.of("mongodb://h"), "a", NONE);
        MongoClientSettings configured = MongoConnections.clientSettings(
                new Place("mongodb://h", Duration.ofMillis(2500)), "a", NONE);
        MongoClientSettings fromUri = MongoConnections.clientSettings(Place.of("mongodb://h/?timeoutMS=300"), "a", NONE);
        MongoClientSettings socket = MongoConnections.clientSettings(
                Place.of("mongodb://h/?socketTimeoutMS=400"), "a", NONE);

        assertThat(defaulted.getTimeout(TimeUnit.MILLISECONDS)).isEqualTo(10_000L);
        assertThat(configured.getTimeout(TimeUnit.MILLISECONDS)).isEqualTo(2500L);
        assertThat(fromUri.getTimeout(TimeUnit.MILLISECONDS)).isEqualTo(300L);
        assertThat(socket.getTimeout(TimeUnit.MILLISECONDS)).isNull();
        assertThat(socket.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS)).isEqualTo(400);
    }

    @Test
    void writesAreMajorityAcknowledgedUnlessTheUriSetsW() {
        WriteConcern defaulted = MongoConnections.clientSettings(Place.of("mongodb://h"), "a", NONE)
                .getWriteConcern();
        WriteConcern given = MongoConnections.clientSettings(Place.of("mongodb://h/?w=1"), "a", NONE)
                .getWriteConcern();
        WriteConcern journalOnly = MongoConnections.clientSettings(
                Place.of("mongodb://h/?journal=true&wtimeoutMS=500"), "a", NONE).getWriteConcern();

        assertThat(defaulted).isEqualTo(WriteConcern.MAJORITY);
        assertThat(given).isEqualTo(WriteConcern.W1);
        assertThat(MongoConnections.durable(new ConnectionString("mongodb://h/?w=2").getWriteConcern()))
                .isEqualTo(new WriteConcern(2));
        assertThat(journalOnly.getWString()).isEqualTo("majority");
        assertThat(journalOnly.getJournal()).isTrue();
        assertThat(journalOnly.getWTimeout(TimeUnit.MILLISECONDS)).isEqualTo(500);
    }

    @Test
    void theUrisApplicationNameWinsOverTheStoresOwn() {
        assertThat(MongoConnections.clientSettings(Place.of("mongodb://h"), "bucketry-x").getApplicationName())
                .isEqualTo("bucketry-x");
        assertThat(MongoConnections.clientSettings(Place.of("mongodb://h/?appName=mine"), "bucketry-x").getApplicationName())
                .isEqualTo("mine");
    }

    @Test
    void anInvalidUriIsRefusedWithItsCredentialsMasked() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> MongoConnections.clientSettings(Place.of("mongodb://ann:s3cret@h/?w=x&bogus"), "a"))
                .withMessageContaining("'mongodb://***@h/").withMessageNotContaining("s3cret");
    }
}
