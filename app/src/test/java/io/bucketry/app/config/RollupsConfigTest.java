package io.bucketry.app.config;

import io.bucketry.bootstrap.config.RollupsText;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RollupsConfigTest {

    private static final RollupTiers HOUR_AND_DAY = new RollupTiers(List.of(
            new RollupTier(Duration.ofHours(1), Duration.ofDays(730)), new RollupTier(Duration.ofDays(1), Duration.ofDays(3650))));

    @TempDir
    Path dir;

    @Test
    void byDefaultThereAreNoRollupsAndTheGraceIsUnchanged() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of());
        assertThat(config.store().rollups().isEmpty()).isTrue();
        assertThat(config.store().retentionPolicy().grace()).isEqualTo(config.store().grace());
        assertThat(config.toString()).contains("rollups=none");
    }

    @Test
    void aFileGivesRollupsAsAListOfWindowsAndRetentions() throws IOException {
        Path file = Files.writeString(dir.resolve("b.yaml"),
                "rollups: [{window: 1d, retention: 10y}, {window: 1h, retention: 2y}]\n");
        assertThat(ConfigLoader.load(Map.of(), file, Map.of()).store().rollups()).isEqualTo(HOUR_AND_DAY);
        Path block = Files.writeString(dir.resolve("c.yaml"),
                "rollups:\n  - window: 1h\n    retention: 2y\n  - window: 1d\n    retention: 10y\n");
        assertThat(ConfigLoader.load(Map.of(), block, Map.of()).store().rollups()).isEqualTo(HOUR_AND_DAY);
    }

    @Test
    void anEnvironmentVariableGivesRollupsAsWindowColonRetentionPairs() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "1h:2y, 1d:10y"));
        assertThat(config.store().rollups()).isEqualTo(HOUR_AND_DAY);
        assertThat(config.toString()).contains("rollups=1h:730d,1d:3650d");
        assertThat(RollupsText.parse(RollupsText.format(config.store().rollups()))).isEqualTo(HOUR_AND_DAY);
        assertThat(config.store().retentionPolicy().grace()).as("buckets are kept a largest window longer")
                .isEqualTo(config.store().grace().plus(Duration.ofDays(1)));
        assertThat(config.store().retentionPolicy().retention()).isEqualTo(config.store().retention());
    }

    @Test
    void windowsThatAreNotMultiplesOfEachOtherAreRefusedInTheUsersWords() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "1h:2y,90m:2y")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid rollups '1h:2y,90m:2y' (from environment variable BUCKETRY_ROLLUPS)")
                .hasMessageContaining("rollup window 90m is not a whole multiple of rollup window 1h");
    }

    @Test
    void tooSmallWindowsShortRetentionsAndBadTextAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "30s:2y")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("rollup window 30s must be a whole number of minutes");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "1h:30d")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("keeps its windows for less than the retention of 90d of the raw readings");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "1h")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("rollup '1h' is not window:retention");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_ROLLUPS", "1h:forever")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("rollup retention 'forever'");
    }

    @Test
    void aFileListItemThatIsNotAWindowAndARetentionIsRefusedWithItsPosition() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), "rollups: [{window: 1h, retention: 2y}, {window: 1d}]\n");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), file, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid rollups in configuration file").hasMessageContaining("item 2 must be {window: …, retention: …}");
    }
}
