package io.bucketry.adapter.mongo.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** One set of name rules for both Mongo adapters: MongoDB's own, not a stricter guess of either adapter. */
class MongoNamesTest {

    @Test
    void aCollectionNameOneOldRuleRefusedAndTheOtherAcceptedIsAcceptedByBoth() {
        // given: mongo-bucket's old rule wanted [A-Za-z_][A-Za-z0-9_.-]*, mongo-timeseries' took any name MongoDB takes
        String name = "2024 readings";

        // when / then: MongoDB takes it, so both adapters do
        assertThat(MongoNames.collection(name, "fallback")).isEqualTo(name);
    }

    @Test
    void aDatabaseNameIsMeasuredInBytesNotCharacters() {
        // given: 40 characters (both old rules took up to 63 characters), 80 bytes in UTF-8
        String name = "\u00e9".repeat(40);

        // when / then
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.database(name, "fallback"))
                .withMessageContaining("must have 1 to 63 bytes");
        assertThat(MongoNames.database("a".repeat(63), "fallback")).hasSize(63);
        assertThat(MongoNames.database("\u00e9".repeat(31), "fallback")).hasSize(31);
    }

    @ParameterizedTest(name = "database name ''{0}'' is refused")
    @ValueSource(strings = {"a/b", "a\\b", "a.b", "a b", "a\"b", "a$b", "a*b", "a<b", "a>b", "a:b", "a|b", "a?b", "a\0b"})
    void everyCharacterMongoDbRefusesInADatabaseNameIsRefused(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.database(name, "fallback"))
                .withMessageContaining("database name");
    }

    @ParameterizedTest(name = "collection name ''{0}'' is refused")
    @ValueSource(strings = {"a$b", "a\0b", "system.x", "system.buckets.readings"})
    void aCollectionNameWithDollarOrNulOrTheSystemPrefixIsRefused(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.collection(name, "fallback"))
                .withMessageContaining("collection name '" + name + "'");
    }

    @Test
    void aMissingOrBlankNameTakesTheDefaultAndLongCollectionNamesAreMongoDbsBusiness() {
        assertThat(MongoNames.database(null, "bucketry")).isEqualTo("bucketry");
        assertThat(MongoNames.database(" ", "bucketry")).isEqualTo("bucketry");
        assertThat(MongoNames.collection(null, "readings")).isEqualTo("readings");
        assertThat(MongoNames.collection("", "readings")).isEqualTo("readings");
        assertThat(MongoNames.collection("r".repeat(121), "readings")).hasSize(121);
        assertThat(MongoNames.collection("my-readings.v2", "readings")).isEqualTo("my-readings.v2");
    }

    @Test
    void anEmptyNameIsRefusedWhereNoDefaultStandsIn() {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.database("", ""))
                .withMessageContaining("database name ''");
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.collection("", ""))
                .withMessageContaining("collection name ''");
    }

    @Test
    void theUriMustBeAMongoDbConnectionStringAndMessagesMaskItsCredentials() {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.uri(" ")).withMessageContaining("connection string is missing");
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.uri("mongo://alice:s3cret@host"))
                .withMessageContaining("'mongo://***@host'").withMessageContaining("mongodb://")
                .withMessageNotContaining("s3cret");
        assertThat(MongoNames.uri("mongodb+srv://cluster.example.com")).isEqualTo("mongodb+srv://cluster.example.com");
    }

    @Test
    void aTimeoutBelowOneMillisecondIsRefusedAndNoneTakesTheDefault() {
        assertThat(MongoNames.timeout(null)).isEqualTo(MongoConnectionSettings.DEFAULT_TIMEOUT);
        assertThatIllegalArgumentException().isThrownBy(() -> MongoNames.timeout(Duration.ofNanos(10)))
                .withMessageContaining("must be at least 1 ms");
    }
}
