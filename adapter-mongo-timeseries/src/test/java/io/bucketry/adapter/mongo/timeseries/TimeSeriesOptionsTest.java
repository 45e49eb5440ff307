package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSeriesOptionsTest {

    private static final ServerFeatures V5_0 = ServerFeaturesTest.features("5.0.14", "5.0");
    private static final ServerFeatures V6_3 = ServerFeaturesTest.features("6.3.0", "6.3");
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
    private static final RetentionPolicy RETENTION =
            new RetentionPolicy(Duration.ofDays(90), Duration.ofHours(1), Duration.ofHours(1));

    @Test
    void serversBefore63GetTheSmallestGranularityCoveringTheWidth() {
        assertThat(options(Duration.ofMinutes(5), V5_0).granularity()).isEqualTo("seconds");
        assertThat(options(Duration.ofHours(1), V5_0).granularity()).isEqualTo("seconds");
        assertThat(options(Duration.ofHours(2), V5_0).granularity()).isEqualTo("minutes");
        assertThat(options(Duration.ofDays(1), V5_0).granularity()).isEqualTo("minutes");
        assertThat(options(Duration.ofDays(7), V5_0).granularity()).isEqualTo("hours");
        assertThat(options(Duration.ofHours(1), V5_0).bucketSpanSeconds()).isNull();
    }

    @Test
    void servers63AndLaterGetBucketSpanAndRoundingOfTheWidthButAtLeastAnHour() {
        // when
        Document command = options(Duration.ofMinutes(5), V6_3).createCommand("r");

        // then: a 5-minute width at one reading a minute would otherwise make buckets of 5 measurements
        assertThat(command.get("timeseries", Document.class)).isEqualTo(new Document("timeField", "t")
                .append("metaField", "series").append("bucketMaxSpanSeconds", 3600).append("bucketRoundingSeconds", 3600));
        assertThat(command.get("expireAfterSeconds")).isEqualTo(90 * 86_400 + 3_600);
        assertThat(options(Duration.ofMillis(1500), V6_3).bucketSpanSeconds()).isEqualTo(3_600);
        assertThat(options(Duration.ofHours(1), V6_3).bucketSpanSeconds()).isEqualTo(3_600);
        assertThat(options(Duration.ofMinutes(90), V6_3).bucketSpanSeconds()).isEqualTo(5_400);
        assertThat(options(Duration.ofDays(800), V6_3).bucketSpanSeconds()).isEqualTo(31_536_000L);
    }

    @Test
    void a70BinaryAtCompatibilityVersion60GetsAGranularityNotACustomSpan() {
        // given: the server refuses bucketMaxSpanSeconds other than the granularity's below FCV 6.3
        ServerFeatures downgraded = ServerFeaturesTest.features("7.0.4", "6.0");

        // when
        TimeSeriesOptions options = options(Duration.ofHours(1), downgraded);

        // then
        assertThat(options.granularity()).isEqualTo("seconds");
        assertThat(options.createCommand("r").get("timeseries", Document.class)).doesNotContainKey("bucketMaxSpanSeconds");
    }

    @Test
    void retentionBeyondTheServersLimitMeansNoExpiry() {
        RetentionPolicy forever = RetentionPolicy.of(Duration.ofDays(365L * 100));
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), forever, V6_3, NOW).expireAfterSeconds()).isNull();
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), forever, V6_3, NOW).createCommand("r"))
                .doesNotContainKey("expireAfterSeconds");
    }

    @Test
    void timeSeriesExpiryMayNotExceedTheSecondsSince1970EvenBelowTheIntegerLimit() {
        // given: 60 years = 1,892,160,000 s + grace: below 2^31-1, above the 1,796,083,200 s from 1970 to NOW
        RetentionPolicy sixtyYears = RetentionPolicy.of(Duration.ofDays(365L * 60));
        RetentionPolicy fiftyYears = RetentionPolicy.of(Duration.ofDays(365L * 50));

        // when / then
        assertThat(TimeSeriesOptions.maxExpireAfterSeconds(NOW)).isEqualTo(NOW.getEpochSecond());
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), sixtyYears, V6_3, NOW).expireAfterSeconds()).isNull();
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), fiftyYears, V6_3, NOW).expireAfterSeconds())
                .isEqualTo(365L * 50 * 86_400 + 3_600);
        Instant in2040 = Instant.parse("2040-01-01T00:00:00Z");
        assertThat(TimeSeriesOptions.maxExpireAfterSeconds(in2040)).isEqualTo(Integer.MAX_VALUE);
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), sixtyYears, V6_3, in2040).expireAfterSeconds())
                .isEqualTo(365L * 60 * 86_400 + 3_600);
    }

    @Test
    void omittedExpiryIsToldWithTheNumbersAndWhatToDo() {
        String message = StartMessages.expiryOmitted("db.r", RetentionPolicy.of(Duration.ofDays(36_500)),
                TimeSeriesOptions.maxExpireAfterSeconds(NOW));
        assertThat(message).contains((36_500L * 86_400 + 3_600) + " s", "36500 days", NOW.getEpochSecond() + " s", "db.r", "no expiry",
                "shorter retention");
    }

    @Test
    void serverVersionsAreReadFromBuildInfo() {
        assertThat(ServerVersion.from(new Document("versionArray", java.util.List.of(8, 0, 4, 0))))
                .isEqualTo(new ServerVersion(8, 0, 4));
        assertThat(ServerVersion.from(new Document("version", "7.0.0-rc1"))).isEqualTo(new ServerVersion(7, 0, 0));
        assertThat(ServerVersion.parse("4.4").atLeast(ServerVersion.TIME_SERIES)).isFalse();
        assertThat(ServerVersion.parse("5.0.0").atLeast(ServerVersion.TIME_SERIES)).isTrue();
        assertThat(ServerVersion.parse("6.2.9").atLeast(ServerVersion.CUSTOM_BUCKETING)).isFalse();
        assertThat(ServerVersion.parse("10.0.0").atLeast(ServerVersion.ANY_DELETES)).isTrue();
    }

    private static TimeSeriesOptions options(Duration width, ServerFeatures server) {
        return TimeSeriesOptions.derive(BucketPolicy.windowed(width, 1000), RETENTION, server, NOW);
    }
}
