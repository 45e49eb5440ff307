package io.bucketry.embedding;

import io.bucketry.bootstrap.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bucketry.start on a class path that lacks what the configured backend needs, as an application could have it. */
class MissingArtifactTest {

    @Test
    void aBackendWhoseAdapterTheApplicationLeftOutIsRefusedNamingTheArtifactToAdd() {
        BucketryConfig config = BucketryConfig.builder().backend(Backend.MONGO_TIMESERIES).build();

        assertThatThrownBy(() -> Bucketry.start(config))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend mongo-timeseries needs io.bucketry:bucketry-adapter-mongo-timeseries"
                        + " on the class path, and it is not there");
    }

    @Test
    void theEmbeddedTestServerTheApplicationLeftOutIsRefusedNamingItsArtifact() {
        BucketryConfig config = BucketryConfig.builder().backend(Backend.MONGO_BUCKET).embeddedMongo(true).build();

        assertThatThrownBy(() -> Bucketry.start(config))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("de.bwaldvogel:mongo-java-server");
    }
}
