package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.MongoLayout;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.MongoSettings;
import io.bucketry.domain.SealPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code mongoLayout}: rows by default, sealed from file, environment or flag; kept when other Mongo keys follow. */
class MongoLayoutConfigTest {

    @Test
    void theLayoutIsRowsByDefaultAndSealedFromTheEnvironmentOrAFlagWhateverMongoKeyComesAfter() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).store().mongo().bucketLayout()).isEqualTo(MongoLayout.ROWS);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MONGO_LAYOUT", "sealed")).store().mongo().bucketLayout())
                .isEqualTo(MongoLayout.SEALED);
        AppConfig flagged = ConfigLoader.load(Map.of(ConfigKey.MONGO_LAYOUT, "SEALED", ConfigKey.MONGO_COLLECTION, "c",
                ConfigKey.MONGO_TIMEOUT, "5s"), null, Map.of());
        assertThat(flagged.store().mongo().bucketLayout()).isEqualTo(MongoLayout.SEALED);
        assertThat(flagged.store().mongo().sealAfter()).isEqualTo(SealPolicy.DEFAULT_SEAL_AFTER);
        assertThat(flagged.toString()).contains("mongoLayout=sealed");
        assertThat(ConfigKey.MONGO_LAYOUT.flag()).isEqualTo("--mongo-layout");
    }

    @Test
    void aLayoutThatIsNeitherIsRefusedNamingTheKeyAndTheChoices() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MONGO_LAYOUT", "columns")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid mongoLayout 'columns' (from environment variable BUCKETRY_MONGO_LAYOUT)")
                .hasMessageContaining("rows or sealed");
    }

    @Test
    void theSealDelayIsKeptBesideTheLayoutAndANegativeOneIsRefused() {
        MongoSettings settings = MongoSettings.defaults().withBucketLayout(MongoLayout.SEALED, Duration.ofMinutes(3));
        BucketryConfig config = BucketryConfig.builder().mongo(settings).sealAfter(Duration.ofMinutes(3))
                .mongoUri("mongodb://h:1").build();
        assertThat(config.mongo().sealAfter()).isEqualTo(Duration.ofMinutes(3)).isEqualTo(config.sealAfter());
        assertThat(config.mongo().bucketLayout()).isEqualTo(MongoLayout.SEALED);
        assertThat(BucketryConfig.builder().mongo(settings).build().mongo().sealAfter())
                .as("the sealAfter key, not a value the settings brought").isEqualTo(SealPolicy.DEFAULT_SEAL_AFTER);
        assertThatThrownBy(() -> BucketryConfig.builder().sealAfter(Duration.ofMinutes(-1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sealAfter");
    }
}
