package io.bucketry.app.config;

import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryLimitConfigTest {

    @Test
    void theInMemoryStoreMayTakeHalfTheHeapUnlessToldOtherwise() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().memoryLimitPercent()).isEqualTo(50);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MEMORY_LIMIT", "70%")).store().memoryLimitPercent())
                .isEqualTo(70);
        assertThat(ConfigLoader.load(Map.of(ConfigKey.MEMORY_LIMIT, " 1% "), null, Map.of()).store().memoryLimitPercent())
                .isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0%", "96%", "50", "abc", "%", "-5%", "2.5%"})
    void aLimitThatIsNoPercentageOfTheHeapIsRefusedNamingTheKey(String value) {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.MEMORY_LIMIT, value), null, Map.of()))
                .hasMessageContaining("memoryLimit '" + value + "'")
                .hasMessageContaining("--memory-limit")
                .hasMessageContaining("from 1% to 95%");
    }

    @Test
    void theConfigurationSaysTheLimit() {
        assertThat(BucketryConfig.builder().memoryLimitPercent(60).build().toString()).contains("memoryLimit=60%");
    }
}
