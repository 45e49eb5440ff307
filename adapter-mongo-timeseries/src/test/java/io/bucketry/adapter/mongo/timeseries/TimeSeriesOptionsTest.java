package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class TimeSeriesOptionsTest {

    private static final ServerVersion V5_0 = ServerVersion.parse("5.0.14");
    private static final ServerVersion V6_3 = ServerVersion.parse("6.3.0");
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
    void servers63AndLaterGetBucketSpanAndRoundingEqualToTheWidth() {
        // when
        Document command = options(Duration.ofHours(1), V6_3).createCommand("r");

        // then
        assertThat(command.get("timeseries", Document.class)).isEqualTo(new Document("timeField", "t")
                .append("metaField", "series").append("bucketMaxSpanSeconds", 3600).append("bucketRoundingSeconds", 3600));
        assertThat(command.get("expireAfterSeconds")).isEqualTo(90 * 86_400 + 3_600);
        assertThat(options(Duration.ofMillis(1500), V6_3).bucketSpanSeconds()).isEqualTo(2);
        assertThat(options(Duration.ofDays(800), V6_3).bucketSpanSeconds()).isEqualTo(31_536_000L);
    }

    @Test
    void retentionBeyondTheServersLimitMeansNoExpiry() {
        RetentionPolicy forever = RetentionPolicy.of(Duration.ofDays(365L * 100));
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), forever, V6_3).expireAfterSeconds()).isNull();
        assertThat(TimeSeriesOptions.derive(BucketPolicy.defaults(), forever, V6_3).createCommand("r"))
                .doesNotContainKey("expireAfterSeconds");
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

    private static TimeSeriesOptions options(Duration width, ServerVersion version) {
        return TimeSeriesOptions.derive(BucketPolicy.windowed(width, 1000), RETENTION, version);
    }
}
