package io.bucketry.bootstrap.wiring;

import io.bucketry.bootstrap.config.MongoSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** What the Mongo store modules build their adapters' settings from. */
class MongoStoreModulesTest {

    @Test
    void bothMongoStoresAreBuiltWithTheConfiguredTimeout() {
        MongoSettings mongo = MongoSettings.defaults().withTimeout(Duration.ofMillis(1500));
        MongoEndpoint endpoint = new MongoEndpoint("mongodb://h:27017", false);

        assertThat(new MongoBucketStoreModule().settings(endpoint, mongo).timeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(MongoTimeSeriesStoreModule.settings(endpoint, mongo).timeout()).isEqualTo(Duration.ofMillis(1500));
    }
}
