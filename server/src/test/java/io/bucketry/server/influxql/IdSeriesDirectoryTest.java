package io.bucketry.server.influxql;

import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Measurement and tags read back from the series ids the line protocol's rules build. */
class IdSeriesDirectoryTest {

    @Test
    void aPairsIdGivesItsMeasurementAndTags() {
        TaggedSeries series = IdSeriesDirectory.of(new SeriesId("cpu.host:web-01.region:eu"));

        assertThat(series.measurement()).isEqualTo("cpu");
        assertThat(series.tags()).isEqualTo(Map.of("host", "web-01", "region", "eu"));
        assertThat(series.key()).isEqualTo("cpu,host=web-01,region=eu");
    }

    @Test
    void dotsBeforeTheFirstPairBelongToTheMeasurementAndAfterItToTheValue() {
        TaggedSeries series = IdSeriesDirectory.of(new SeriesId("app.cpu.host:a.b.c"));

        assertThat(series.measurement()).isEqualTo("app.cpu");
        assertThat(series.tags()).isEqualTo(Map.of("host", "a.b.c"));
    }

    @Test
    void aValuesOrJsonIdIsAMeasurementUpToItsFirstDotWithoutTags() {
        assertThat(IdSeriesDirectory.of(new SeriesId("cpu.web-01.eu"))).satisfies(s -> {
            assertThat(s.measurement()).isEqualTo("cpu");
            assertThat(s.tags()).isEmpty();
        });
        assertThat(IdSeriesDirectory.of(new SeriesId("sensor-1")).measurement()).isEqualTo("sensor-1");
    }

    @Test
    void aMissingTagComparesAsTheEmptyString() {
        TaggedSeries series = IdSeriesDirectory.of(new SeriesId("mem.host:a"));

        assertThat(series.tag("region")).isEmpty();
        assertThat(series.tag("host")).isEqualTo("a");
    }
}
