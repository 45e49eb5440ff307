package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.ConnectionStrings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MongoTimeSeriesSettingsTest {

    @Test
    void missingDatabaseAndCollectionTakeTheDefaults() {
        // when
        MongoTimeSeriesSettings settings = new MongoTimeSeriesSettings("mongodb://localhost", null, null, true);

        // then
        assertThat(settings.database()).isEqualTo(MongoTimeSeriesSettings.DEFAULT_DATABASE);
        assertThat(settings.collection()).isEqualTo("readings_timeseries");
        assertThat(settings.fallback()).isTrue();
        assertThat(MongoTimeSeriesSettings.of("mongodb://localhost").fallback()).isFalse();
    }

    @Test
    void invalidConnectionStringsAndNamesAreRefusedNamingTheProblem() {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoTimeSeriesSettings.of(" "))
                .withMessageContaining("connection string");
        assertThatIllegalArgumentException().isThrownBy(() -> MongoTimeSeriesSettings.of("http://localhost"))
                .withMessageContaining("mongodb://");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new MongoTimeSeriesSettings("mongodb://localhost", "a.b", null, false))
                .withMessageContaining("'a.b'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MongoTimeSeriesSettings.of("mongodb://localhost").withCollection("x$y"))
                .withMessageContaining("'$'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MongoTimeSeriesSettings.of("mongodb://localhost").withCollection("system.x"))
                .withMessageContaining("system.");
    }

    @Test
    void toStringHidesCredentials() {
        // given
        MongoTimeSeriesSettings settings = MongoTimeSeriesSettings.of("mongodb://ann:s3cr%40t@db1:27017,db2/?tls=true");

        // when / then
        assertThat(settings.toString()).doesNotContain("s3cr").doesNotContain("ann")
                .contains("mongodb://***@db1:27017,db2/?tls=true");
        assertThat(ConnectionStrings.mask("mongodb://localhost/x?a=b@c")).isEqualTo("mongodb://localhost/x?a=b@c");
        assertThat(ConnectionStrings.mask("mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:s3cret"))
                .isEqualTo("mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:***");
    }
}
