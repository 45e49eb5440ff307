package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.HttpLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server's limits are configuration keys like every other: file, environment, flag, default. */
class HttpLimitsConfigTest {

    @TempDir
    Path dir;

    @Test
    void theLimitsDefaultToFiveSecondsThirtyTwoIngestsAndThirtySecondsOfDrain() {
        HttpLimits limits = ConfigLoader.load(Map.of(), null, Map.of()).server().http();

        assertThat(limits.bodyReadTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(limits.maxConcurrentIngests()).isEqualTo(32);
        assertThat(limits.drainTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void eachLimitIsSetFromTheFileTheEnvironmentOrAFlag() throws IOException {
        Path file = dir.resolve("bucketry.yaml");
        Files.writeString(file, "bodyReadTimeout: 2s\nmaxConcurrentIngests: 3\ndrainTimeout: 1m\n");
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.DRAIN_TIMEOUT, "0s");

        AppConfig config = ConfigLoader.load(flags, file, Map.of("BUCKETRY_MAX_CONCURRENT_INGESTS", "7"));

        assertThat(config.server().http()).isEqualTo(new HttpLimits(Duration.ofSeconds(2), 7, Duration.ZERO));
        assertThat(config.toString()).contains("bodyReadTimeout=2s", "maxConcurrentIngests=7", "drainTimeout=0");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
            "BUCKETRY_BODY_READ_TIMEOUT, 0s, bodyReadTimeout",
            "BUCKETRY_BODY_READ_TIMEOUT, soon, bodyReadTimeout",
            "BUCKETRY_MAX_CONCURRENT_INGESTS, 0, maxConcurrentIngests",
            "BUCKETRY_MAX_CONCURRENT_INGESTS, many, maxConcurrentIngests",
            "BUCKETRY_DRAIN_TIMEOUT, -1s, drainTimeout"})
    void anInvalidLimitIsRefusedNamingItsKeyAndSource(String env, String value, String key) {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of(env, value)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid " + key + " '" + value + "' (from environment variable " + env + ")");
    }
}
