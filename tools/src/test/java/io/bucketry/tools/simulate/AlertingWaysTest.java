package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.simulate.SimulationReport.AlertingWaysView;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The alerting job three ways: the same windows from the buckets and from the tier, and which store answered each. */
class AlertingWaysTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final int SENSORS = 30;
    private static final BucketryConfig CONFIG = BucketryConfig.builder().sweepInterval(Duration.ofDays(3650)).build();

    /** A main store holding 40 minutes of {@link #SENSORS} sensors ending at {@code end}, with late readings and duplicates. */
    private static Bucketry mainStore(BucketryConfig config, Instant end) {
        Bucketry main = Bucketry.start(config);
        Scenario scenario = new Scenario(SENSORS, Duration.ofMinutes(1), Duration.ofMinutes(40), 0.2, 0.1, 500);
        ReadingGenerator generator = new ReadingGenerator(scenario, ReadingGenerator.sensorIds(SENSORS), end);
        IngestPhase.run(generator::nextBatch, main.ingest(), batch -> { }, (batch, took) -> { });
        return main;
    }

    @Test
    void theBucketsAndTheTierAnswerTheSameTwoWholeWindowsOfEverySensorAndTheTierAloneAnswersPastRetention() {
        // given
        Instant end = Instant.ofEpochMilli(System.currentTimeMillis());   // whole milliseconds, as simulate's end
        try (Bucketry main = mainStore(CONFIG, end)) {
            // when
            AlertingWaysView view = new AlertingWays(CONFIG, 3, QUIET).run(main, ReadingGenerator.sensorIds(SENSORS), end,
                    null, 500);

            // then: [e - 10m, e) with e = end rounded down to 5 minutes holds two windows of each sensor
            long e = Math.floorDiv(end.toEpochMilli(), 300_000L) * 300_000L;
            assertThat(view.from()).isEqualTo(Instant.ofEpochMilli(e - 600_000).toString());
            assertThat(view.to()).isEqualTo(Instant.ofEpochMilli(e).toString());
            assertThat(view.onRead().windows()).isEqualTo(2L * SENSORS);
            assertThat(view.onRead().series()).isEqualTo(SENSORS);
            assertThat(view.onRead().source()).startsWith("main store: raw buckets");
            assertThat(view.tier().windows()).isEqualTo(2L * SENSORS);
            assertThat(view.tier().source()).contains("5m rollup tier");
            assertThat(view.agree()).isTrue();
            assertThat(view.subWindow().absent()).contains("no sub-window summaries");
            assertThat(view.subWindow().millis()).isNull();
            // the last 20 minutes, both ends included, one reading a minute
            assertThat(view.tierStore().readings()).isEqualTo(21L * SENSORS);
            assertThat(view.tierStore().sameAnswerPastRawRetention()).isTrue();
            assertThat(view.tierStore().readingsPerSecond()).isPositive();
            assertThat(view.tierStore().withoutTiersReadingsPerSecond()).isPositive();
            assertThat(view.tierStore().rollups()).startsWith("5m:");
        }
    }

    @Test
    void withSubWindowSummariesOnTheMainStoreTheOnReadWayIsAskedOfACopyWithoutThem() {
        Instant end = Instant.ofEpochMilli(System.currentTimeMillis());   // whole milliseconds, as simulate's end
        try (Bucketry main = mainStore(CONFIG, end)) {
            AlertingWaysView view = new AlertingWays(CONFIG, 3, QUIET).run(main, ReadingGenerator.sensorIds(SENSORS), end,
                    Duration.ofMinutes(5), 500);

            assertThat(view.subWindow().source()).isEqualTo("main store: sub-window summaries of 5m");
            assertThat(view.subWindow().windows()).isEqualTo(2L * SENSORS);
            assertThat(view.onRead().source()).startsWith("copy of the last 20m");
            assertThat(view.agree()).isTrue();
        }
    }

    @Test
    void aMainStoreWithAFiveMinuteTierOfItsOwnIsNotTakenForTheOnReadWay() {
        BucketryConfig tiered = CONFIG.toBuilder().rollups(new RollupTiers(List.of(
                new RollupTier(Duration.ofMinutes(5), Duration.ofDays(400))))).build();
        Instant end = Instant.ofEpochMilli(System.currentTimeMillis());   // whole milliseconds, as simulate's end
        try (Bucketry main = mainStore(tiered, end)) {
            AlertingWaysView view = new AlertingWays(tiered, 3, QUIET).run(main, ReadingGenerator.sensorIds(SENSORS), end,
                    null, 500);

            assertThat(view.onRead().source()).startsWith("copy of the last 20m");
            assertThat(view.onRead().windows()).isEqualTo(2L * SENSORS);
            assertThat(view.agree()).isTrue();
        }
    }
}
