package io.bucketry.tools.check;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.Outcome.Status;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code check}'s multi-writer case, two stores with their own clients racing the same batches and a
 * settle on one collection: on the embedded server here, and on a real one in the real lane.
 */
class MultiWriterCheckTest {

    private static final List<Check> MULTI_WRITER = List.of(Check.of("multiple writers with tiers", MultiWriterCheck::run));

    @ParameterizedTest
    @EnumSource(value = Backend.class, names = {"MONGO_BUCKET", "MONGO_TIMESERIES"})
    void twoCopiesOnTheEmbeddedServerCountExactlyAndAnswerTheBruteForceFromTheirTier(Backend backend) {
        BucketryConfig config = BucketryConfig.builder().backend(backend).embeddedMongo(true).build();

        CheckReport report = CheckRun.run(config, false, null, MULTI_WRITER, Clock.systemUTC());

        assertThat(report.checks()).singleElement().satisfies(result -> {
            assertThat(result.status()).as(result.line()).isEqualTo(Status.PASS);
            assertThat(result.detail()).contains("accepted 540, duplicates 540", "hourly windows equal a brute force");
        });
    }

    @ParameterizedTest
    @EnumSource(value = Backend.class, names = {"MONGO_BUCKET", "MONGO_TIMESERIES"})
    void twoCopiesOnARealServerCountExactlyAndAnswerTheBruteForceFromTheirTier(Backend backend) {
        String uri = System.getenv("BUCKETRY_TEST_MONGODB_URI");
        Assumptions.assumeTrue(uri != null && !uri.isBlank(),
                "no BUCKETRY_TEST_MONGODB_URI: writes that truly race (the embedded server serializes them) happen only on"
                        + " a real server; the embedded lane is twoCopiesOnTheEmbeddedServer… and the multi-process lane");
        BucketryConfig config = BucketryConfig.builder().backend(backend).mongoUri(uri).build();

        CheckReport report = CheckRun.run(config, false, System.out, MULTI_WRITER, Clock.systemUTC());

        assertThat(report.checks()).singleElement().satisfies(result -> {
            assertThat(result.status()).as(result.line()).isEqualTo(Status.PASS);
            assertThat(result.detail()).doesNotContain("embedded");
        });
    }
}
