package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code accessLog} is a configuration key like every other: off by default, set by file, environment or flag. */
class AccessLogConfigTest {

    @Test
    void theAccessLogIsOffByDefaultAndOnFromTheEnvironmentOrAFlag() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).server().accessLog()).isFalse();
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ACCESS_LOG", "true")).server().accessLog()).isTrue();
        AppConfig flagged = ConfigLoader.load(Map.of(ConfigKey.ACCESS_LOG, "true"), null, Map.of());
        assertThat(flagged.server().accessLog()).isTrue();
        assertThat(flagged.toString()).contains("accessLog=true");
        assertThat(ConfigKey.ACCESS_LOG.flag()).isEqualTo("--access-log");
    }

    @Test
    void aValueThatIsNotABooleanIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ACCESS_LOG", "loud")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid accessLog 'loud' (from environment variable BUCKETRY_ACCESS_LOG)");
    }
}
