package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IngestParallelismConfigTest {

    @Test
    void ingestParallelismDefaultsToThisMachinesProcessorsUpToEightAndReachesTheApplication() {
        int expected = Math.min(8, Runtime.getRuntime().availableProcessors());

        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().ingestParallelism()).isEqualTo(expected);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_INGEST_PARALLELISM", "3"))
                .store()
                .applicationSettings().ingestParallelism()).isEqualTo(3);
    }

    @Test
    void aParallelismOutsideOneTo256IsRefusedNamingTheKeyAndTheRange() {
        for (String value : new String[] {"0", "257", "two"}) {
            assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_INGEST_PARALLELISM", value)))
                    .as(value)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("ingestParallelism '" + value + "'")
                    .hasMessageContaining("a whole number from 1 to 256");
        }
        assertThatThrownBy(() -> BucketryConfig.builder().ingestParallelism(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ingestParallelism 0");
    }

    @Test
    void theConfigurationSaysTheParallelism() {
        assertThat(BucketryConfig.builder().ingestParallelism(5).build().toString()).contains("ingestParallelism=5");
    }
}
