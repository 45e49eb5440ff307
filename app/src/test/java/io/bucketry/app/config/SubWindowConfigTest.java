package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SubWindows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SubWindowConfigTest {

    @Test
    void subWindowIsOffByDefaultAndGivesTheWindowedPolicyItsSubWindows() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().bucketPolicyValue())
                .isEqualTo(BucketPolicy.defaults());
        BucketPolicy policy = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_SUB_WINDOW", "5m")).store().bucketPolicyValue();
        assertThat(policy).isEqualTo(BucketPolicy.defaults().withSubWindows(SubWindows.every(Duration.ofMinutes(5))));
        assertThat(ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "10m"), null, Map.of("BUCKETRY_SUB_WINDOW", "5m"))
                .store()
                .subWindow()).as("the flag wins").isEqualTo(Duration.ofMinutes(10));
        assertThat(ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "off"), null, Map.of()).store().subWindow()).isZero();
        assertThat(ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "0s"), null, Map.of()).store().bucketPolicyValue())
                .isEqualTo(BucketPolicy.defaults());
    }

    @Test
    void aFileSetsSubWindowAsAnyOtherPolicyKey(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("bucketry.yaml"), "bucketWidth: 2h\nsubWindow: 15m\n");
        Path off = Files.writeString(dir.resolve("off.yaml"), "subWindow: off\n");

        assertThat(ConfigLoader.load(Map.of(), file, Map.of()).store().bucketPolicyValue()).isEqualTo(
                BucketPolicy.windowed(Duration.ofHours(2), BucketPolicy.DEFAULT_MAX_COUNT)
                        .withSubWindows(SubWindows.every(Duration.ofMinutes(15))));
        assertThat(ConfigLoader.load(Map.of(), off, Map.of()).store().subWindow()).isZero();
    }

    @Test
    void aSubWindowThatDoesNotDivideTheBucketWidthIsRefusedInTheConfigurationsWords() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "7m"), null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("invalid configuration: subWindow: sub-window 7m must be smaller than the bucket width 1h "
                        + "and divide it (e.g. 5m in 1h buckets)");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "1h"), null, Map.of()))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("must be smaller than the bucket width 1h");
        for (String value : new String[] {"-5m", "often", "5"}) {
            assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_SUB_WINDOW", value)))
                    .as(value)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("subWindow '" + value + "'")
                    .hasMessageContaining("(from environment variable BUCKETRY_SUB_WINDOW)");
        }
    }

    @Test
    void pagedBucketsHaveNoSubWindows() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "5m", ConfigKey.BUCKET_POLICY, "paged"),
                null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("subWindow 5m needs windowed buckets (bucketPolicy: windowed)")
                .hasMessageContaining("paged buckets are pages of readings");
        assertThat(ConfigLoader.load(Map.of(ConfigKey.BUCKET_POLICY, "paged"), null, Map.of()).store().bucketPolicyValue())
                .isInstanceOf(BucketPolicy.Paged.class);
    }

    @Test
    void mongoTimeSeriesRefusesSubWindowsBecauseTheServerKeepsItsOwnBuckets() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "5m", ConfigKey.BACKEND, "mongo-timeseries"),
                null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("subWindow 5m cannot be kept by the mongo-timeseries backend: the server keeps its own buckets");
    }

    @Test
    void mongoBucketReceivesThePolicyWithItsSubWindows() {
        AppConfig config = ConfigLoader.load(Map.of(ConfigKey.SUB_WINDOW, "5m", ConfigKey.BACKEND, "mongo-bucket"),
                null, Map.of());

        assertThat(((BucketPolicy.Windowed) config.store().bucketPolicyValue()).subWindows())
                .isEqualTo(SubWindows.every(Duration.ofMinutes(5)));
    }

    @Test
    void theConfigurationSaysItsSubWindow() {
        assertThat(BucketryConfig.defaults().toString()).contains("subWindow=off");
        assertThat(BucketryConfig.builder().subWindow(Duration.ofMinutes(5)).build().toString()).contains("subWindow=5m");
        assertThat(ConfigKey.SUB_WINDOW.flag()).isEqualTo("--sub-window");
    }
}
