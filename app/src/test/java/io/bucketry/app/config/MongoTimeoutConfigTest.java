package io.bucketry.app.config;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.MongoSettings;
import io.bucketry.bootstrap.config.ConfigurationException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The mongoTimeout key: from flag, environment or default, and on to both Mongo stores' settings. */
class MongoTimeoutConfigTest {

    @Test
    void mongoTimeoutDefaultsToTenSecondsAndComesFromTheFlagOrTheEnvironment() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().mongo().timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MONGO_TIMEOUT", "750ms")).store().mongo().timeout())
                .isEqualTo(Duration.ofMillis(750));
        AppConfig flagged = ConfigLoader.load(Map.of(ConfigKey.MONGO_TIMEOUT, "3s", ConfigKey.MONGO_URI, "mongodb://h:1"),
                null, Map.of("BUCKETRY_MONGO_TIMEOUT", "750ms"));
        assertThat(flagged.store().mongo().timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(flagged.toString()).contains("mongoTimeout=3s");
    }

    @Test
    void aNonPositiveMongoTimeoutIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.MONGO_TIMEOUT, "0s"), null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("invalid mongoTimeout '0s' (from flag --mongo-timeout)");
    }

    @Test
    void otherMongoKeysKeepTheTimeout() {
        BucketryConfig config = BucketryConfig.builder().mongoTimeout(Duration.ofSeconds(4)).mongoUri("mongodb://h")
                .mongoDatabase("d").mongoCollection("c").timeseriesFallback(true).embeddedMongo(false).build();

        assertThat(config.mongo().timeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(config.toBuilder().build().mongo().timeout()).isEqualTo(Duration.ofSeconds(4));
    }

}
