package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesDiagnostics.ExpectedOptions;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the mongo-timeseries store asks of the server, as check compares it with what the server has. */
class DiagnosticsTest {

    @Test
    void theExpectedOptionsAreTheOnesTheStoreCreatesOnThisServer() {
        MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("diag");
        RetentionPolicy retention = RetentionPolicy.defaults();

        ExpectedOptions expected = MongoTimeSeriesDiagnostics.expectedOptions(settings, BucketPolicy.defaults(), retention);

        assertThat(expected.timeField()).isEqualTo("t");
        assertThat(expected.metaField()).as("a new collection keeps tags").isEqualTo("meta");
        assertThat(expected.expireAfterSeconds()).isEqualTo(retention.retention().plus(retention.grace()).toSeconds());
        assertThat(expected.granularity() == null).isNotEqualTo(expected.bucketMaxSpanSeconds() == null);
    }

    @Test
    void aWriteConcernSetByTheConnectionStringIsTheOneReported() {
        MongoTimeSeriesSettings settings = new MongoTimeSeriesSettings("mongodb://127.0.0.1:1/?w=3", "bucketry", "x", false);

        assertThat(MongoTimeSeriesDiagnostics.clientWriteConcern(settings)).isEqualTo("3");
    }

    @Test
    void onARealServerTheRangeLatestAndDuplicateReadsAreIndexScans() {
        Assumptions.assumeFalse(MongoTestLane.get().isEmbedded(), MongoTestLane.embeddedReason("explain"));
        MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("diag_explain");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
            store.store(List.of(TestData.reading("diag-explain", 0, 1), TestData.reading("diag-explain", 60, 2)));
        }

        Map<String, String> plans = MongoTimeSeriesDiagnostics.explain(settings, new SeriesId("diag-explain"),
                TestData.BASE, TestData.BASE.plus(Duration.ofHours(1)));

        assertThat(plans).containsOnlyKeys("range", "latest", "duplicates");
        plans.forEach((name, plan) -> assertThat(plan).as(name).contains("IXSCAN"));
    }
}
