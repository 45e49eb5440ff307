package io.bucketry.application.settings;

import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ApplicationSettingsTest {

    @Test
    void anotherRetentionChangesTheRetentionAndKeepsEveryOtherSetting() {
        // given
        ApplicationSettings defaults = ApplicationSettings.defaults().withIngestParallelism(3);
        RetentionPolicy year = RetentionPolicy.of(Duration.ofDays(365));

        // when
        ApplicationSettings changed = defaults.withRetention(year);

        // then
        assertThat(changed).isEqualTo(new ApplicationSettings(year, defaults.maxBatchSize(), defaults.maxWindows(),
                defaults.defaultPageSize(), 3));
    }
}
