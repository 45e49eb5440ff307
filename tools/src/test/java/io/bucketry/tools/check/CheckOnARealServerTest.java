package io.bucketry.tools.check;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.Outcome.Status;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real lane of {@code check}: against {@code BUCKETRY_TEST_MONGODB_URI} every check of the backend
 * runs, none is skipped for the embedded server's gaps, and the server measures the stored bytes.
 */
class CheckOnARealServerTest {

    @ParameterizedTest
    @EnumSource(value = Backend.class, names = {"MONGO_BUCKET", "MONGO_TIMESERIES"})
    void everyCheckRunsAndPassesOnARealServer(Backend backend) {
        String uri = System.getenv("BUCKETRY_TEST_MONGODB_URI");
        Assumptions.assumeTrue(uri != null && !uri.isBlank(),
                "no BUCKETRY_TEST_MONGODB_URI: check against a real server (explain, $bsonSize, $collStats, TTL, native"
                        + " time-series options, FCV) runs only there; the embedded lane is CheckCommandTest");
        BucketryConfig config = BucketryConfig.builder().backend(backend).mongoUri(uri).build();

        CheckReport report = CheckRun.run(config, false, System.out, null, Clock.systemUTC());

        assertThat(report.featureCompatibilityVersion()).matches("\\d+\\.\\d+");
        assertThat(report.checks()).allSatisfy(result -> assertThat(result.status()).as(result.line()).isEqualTo(Status.PASS));
    }
}
