package io.bucketry.bootstrap;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What Bucketry.start says when the application left out an artifact its backend needs (embedding-check runs it for real). */
class BackendArtifactsTest {

    @Test
    void everyClassTheCheckLooksForExistsWhereAllArtifactsArePresent() {
        // given: bootstrap's own class path holds every optional artifact
        List<String> names = List.of(BackendArtifacts.INMEMORY_CLASS, BackendArtifacts.MONGO_BUCKET_CLASS, BackendArtifacts.MONGO_TIMESERIES_CLASS,
                BackendArtifacts.MONGO_DRIVER_CLASS, BackendArtifacts.EMBEDDED_SERVER_CLASS);

        // when / then: a renamed class would make the check refuse a complete class path
        assertThat(names).allMatch(BackendArtifacts::onClassPath);
        assertThat(BackendArtifacts.onClassPath("io.bucketry.NoSuchClass")).isFalse();
    }

    @Test
    void aMongoBackendWithoutItsAdapterIsRefusedNamingTheAdapterArtifact() {
        assertThatThrownBy(() -> BackendArtifacts.check(config(Backend.MONGO_BUCKET, false),
                name -> !name.equals(BackendArtifacts.MONGO_BUCKET_CLASS)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend mongo-bucket needs io.bucketry:bucketry-adapter-mongo-bucket on the class path, and it"
                        + " is not there: add it to the application's dependencies beside io.bucketry:bucketry-bootstrap,"
                        + " in the same version");
        assertThatThrownBy(() -> BackendArtifacts.check(config(Backend.MONGO_TIMESERIES, false),
                name -> !name.equals(BackendArtifacts.MONGO_TIMESERIES_CLASS)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend mongo-timeseries needs io.bucketry:bucketry-adapter-mongo-timeseries on");
    }

    @Test
    void aMongoBackendWithoutTheDriverIsRefusedNamingTheDriverArtifact() {
        assertThatThrownBy(() -> BackendArtifacts.check(config(Backend.MONGO_BUCKET, false),
                name -> !name.equals(BackendArtifacts.MONGO_DRIVER_CLASS)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend mongo-bucket needs org.mongodb:mongodb-driver-sync on the class path");
    }

    @Test
    void embeddedMongoWithoutTheTestServerIsRefusedNamingItsArtifact() {
        assertThatThrownBy(() -> BackendArtifacts.check(config(Backend.MONGO_TIMESERIES, true),
                name -> !name.equals(BackendArtifacts.EMBEDDED_SERVER_CLASS)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("de.bwaldvogel:mongo-java-server").hasMessageContaining("mongoUri");
    }

    @Test
    void theInMemoryBackendWithoutItsAdapterIsRefusedNamingTheAdapterArtifact() {
        assertThatThrownBy(() -> BackendArtifacts.check(config(Backend.INMEMORY, false),
                name -> !name.equals(BackendArtifacts.INMEMORY_CLASS)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend inmemory needs io.bucketry:bucketry-adapter-inmemory on the class path");
    }

    @Test
    void theInMemoryBackendNeedsOnlyItsAdapterAndACompleteClassPathPasses() {
        assertThatCode(() -> BackendArtifacts.check(config(Backend.INMEMORY, true),
                name -> name.equals(BackendArtifacts.INMEMORY_CLASS))).doesNotThrowAnyException();
        assertThatCode(() -> BackendArtifacts.check(config(Backend.MONGO_BUCKET, true), name -> true))
                .doesNotThrowAnyException();
    }

    private static BucketryConfig config(Backend backend, boolean embedded) {
        return BucketryConfig.builder().backend(backend).embeddedMongo(embedded).build();
    }
}
