package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.SealPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SealAfterConfigTest {

    @Test
    void sealAfterDefaultsToTenMinutesAndZeroSealsAWindowAsSoonAsItHasEnded() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().sealPolicy()).isEqualTo(SealPolicy.defaults());
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_SEAL_AFTER", "0s")).store().sealPolicy())
                .isEqualTo(SealPolicy.immediate());
        assertThat(ConfigLoader.load(Map.of(ConfigKey.SEAL_AFTER, "90s"), null, Map.of("BUCKETRY_SEAL_AFTER", "0s"))
                .store()
                .sealAfter()).as("the flag wins").isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void aNegativeOrMalformedSealAfterIsRefusedNamingTheKey() {
        for (String value : new String[] {"-1m", "soon"}) {
            assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_SEAL_AFTER", value)))
                    .as(value)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("sealAfter '" + value + "'")
                    .hasMessageContaining("(from environment variable BUCKETRY_SEAL_AFTER)");
        }
        assertThatThrownBy(() -> BucketryConfig.builder().sealAfter(Duration.ofMinutes(-1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sealAfter -1m must not be negative");
    }

    @Test
    void oneSealAfterKeyTellsBothStoresThatSeal() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_SEAL_AFTER", "3m",
                "BUCKETRY_MONGO_LAYOUT", "sealed"));

        assertThat(config.store().sealAfter()).isEqualTo(Duration.ofMinutes(3));
        assertThat(config.store().mongo().sealAfter()).as("mongo-bucket's sealed layout").isEqualTo(Duration.ofMinutes(3));
    }

    @Test
    void theConfigurationSaysWhenItSeals() {
        assertThat(BucketryConfig.builder().sealAfter(Duration.ofMinutes(5)).build().toString()).contains("sealAfter=5m");
        assertThat(ConfigKey.SEAL_AFTER.flag()).isEqualTo("--seal-after");
    }
}
