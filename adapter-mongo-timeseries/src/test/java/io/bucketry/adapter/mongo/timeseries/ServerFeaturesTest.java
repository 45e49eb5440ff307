package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Features are gated on min(binary version, featureCompatibilityVersion), as the server gates them. */
class ServerFeaturesTest {

    static ServerFeatures features(String binary, String fcv) {
        return ServerFeatures.of(ServerVersion.parse(binary),
                new Document("featureCompatibilityVersion", new Document("version", fcv)).append("ok", 1));
    }

    @Test
    void a70BinaryAtFcv60HasNeitherCustomSpansNorTimeBasedDeletes() {
        // when
        ServerFeatures server = features("7.0.4", "6.0");

        // then
        assertThat(server.compatibility()).isEqualTo(new ServerVersion(6, 0, 0));
        assertThat(server.atLeast(ServerVersion.META_DELETES)).isTrue();
        assertThat(server.atLeast(ServerVersion.CUSTOM_BUCKETING)).isFalse();
        assertThat(server.atLeast(ServerVersion.ANY_DELETES)).isFalse();
        assertThat(server).hasToString("7.0.4 at featureCompatibilityVersion 6.0");
        assertThat(server.warning()).isNull();
    }

    @Test
    void theStoreLayoutGatesDeletesOnTheCompatibilityVersion() {
        StoreLayout at60 = new StoreLayout(null, features("7.0.4", "6.0"), false, List.of(), MetaField.SERIES);
        StoreLayout at70 = new StoreLayout(null, features("7.0.4", "7.0"), false, List.of(), MetaField.SERIES);
        StoreLayout at50 = new StoreLayout(null, features("6.0.1", "5.0"), false, List.of(), MetaField.SERIES);

        assertThat(at60.canDeleteByTime()).isFalse();
        assertThat(at60.canDeleteBySeries()).isTrue();
        assertThat(at70.canDeleteByTime()).isTrue();
        assertThat(at50.canDeleteBySeries()).isFalse();
        assertThat(features("7.0.4", "7.0")).hasToString("7.0.4");
    }

    @Test
    void duringAnUpgradeOrDowngradeTheLowerVersionCounts() {
        ServerFeatures upgrading = ServerFeatures.of(ServerVersion.parse("7.0.2"), new Document(
                "featureCompatibilityVersion", new Document("version", "6.0").append("targetVersion", "7.0")));
        ServerFeatures downgrading = ServerFeatures.of(ServerVersion.parse("7.0.2"), new Document(
                "featureCompatibilityVersion", new Document("version", "6.0").append("targetVersion", "6.0")
                        .append("previousVersion", "7.0")));
        ServerFeatures enabled = ServerFeatures.of(ServerVersion.parse("8.0.0"), new Document(
                "featureCompatibilityVersion", new Document("version", "8.0").append("targetVersion", "8.0")
                        .append("previousVersion", "7.0")));

        assertThat(upgrading.compatibility()).isEqualTo(new ServerVersion(6, 0, 0));
        assertThat(downgrading.compatibility()).isEqualTo(new ServerVersion(6, 0, 0));
        assertThat(enabled.compatibility()).isEqualTo(new ServerVersion(7, 0, 0));
    }

    @Test
    void anAnswerWithoutTheFcvFallsBackToTheBinaryAndSaysSo() {
        // when
        ServerFeatures server = ServerFeatures.of(ServerVersion.parse("6.3.1"), new Document("ok", 1));

        // then
        assertThat(server.compatibility()).isNull();
        assertThat(server.atLeast(ServerVersion.CUSTOM_BUCKETING)).isTrue();
        assertThat(server.warning()).contains("featureCompatibilityVersion could not be read", "binary version");
        assertThat(server).hasToString("6.3.1");
    }

    @Test
    void theEmbeddedServerRefusesGetParameterSoTheBinaryVersionGates() {
        assumeTrue(MongoTestLane.get().isEmbedded(), "real lane: the server answers getParameter (tested beside)");
        try (MongoClient client = TestData.client()) {
            // when
            ServerFeatures server = ServerFeatures.read(client.getDatabase(MongoTestLane.DATABASE),
                    client.getDatabase("admin"));

            // then: what mongo-java-server 1.47 answers: no such command
            assertThat(server.compatibility()).isNull();
            assertThat(server.unreadable()).contains("getParameter");
            assertThat(server.atLeast(ServerVersion.TIME_SERIES)).isEqualTo(server.binary().atLeast(ServerVersion.TIME_SERIES));
            assertThat(server.warning()).contains(server.binary().toString(), "binary version alone");
        }
    }

    @Test
    void aRealServerTellsItsFcvAndTheStoreGatesOnIt() {
        assumeFalse(MongoTestLane.get().isEmbedded(), MongoTestLane.embeddedReason("featureCompatibilityVersion"));
        try (MongoClient client = TestData.client();
             MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(
                     MongoTestLane.get().freshSettings("fcv"), BucketPolicy.defaults(), RetentionPolicy.defaults())) {
            ServerFeatures server = ServerFeatures.read(client.getDatabase(MongoTestLane.DATABASE),
                    client.getDatabase("admin"));
            assertThat(server.compatibility()).as(server.unreadable()).isNotNull();
            assertThat(server.binary().atLeast(server.compatibility())).isTrue();
            assertThat(store.serverFeatures()).isEqualTo(server);
        }
    }
}
