package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A tiny simulate end to end: the JSON report's shape and its internal consistency; the human report. */
class SimulateCommandTest {

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void dashboardRoundsRepeatTheTimedRunsInOneJvmAndReportEachRoundsP50TheFirstBeingTheFigure() throws Exception {
        Run run = Cli.run("simulate", "--sensors", "10", "--duration", "2h", "--json", "--no-extra-phases",
                "--no-warm-up", "--dashboard-rounds", "3");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode dashboard = new ObjectMapper().readTree(run.out()).get("dashboardQuery");
        assertThat(keys(dashboard)).containsExactly("runs", "readings", "p50Micros", "p99Micros", "warmUp", "cpuShare",
                "roundsP50Micros");
        JsonNode rounds = dashboard.get("roundsP50Micros");
        assertThat(rounds).hasSize(3);
        rounds.forEach(p50 -> assertThat(p50.asDouble()).isPositive());
        assertThat(rounds.get(0).asDouble()).isEqualTo(dashboard.get("p50Micros").asDouble());
    }

    @Test
    void jsonIsExactlyOneObjectWithTheDocumentedShapeAndConsistentCounts() throws Exception {
        Run run = Cli.run("simulate", "--sensors", "20", "--interval", "60s", "--duration", "90m", "--late-share", "0.2",
                "--duplicate-share", "0.1", "--batch-size", "100", "--json", "--no-extra-phases");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());   // fails on anything after the object
        assertThat(run.out().strip().lines()).hasSize(1);
        assertThat(keys(report)).containsExactly("backend", "scenario", "ingest", "memory", "dashboardQuery",
                "alertingQuery", "storage", "sealing", "alertingThreeWays", "longRangeStore");
        assertThat(keys(report.get("scenario"))).containsExactly("sensors", "intervalSeconds", "hours", "lateShare",
                "duplicateShare", "tags");
        assertThat(report.get("scenario").get("tags").asBoolean()).as("untagged by default").isFalse();
        assertThat(keys(report.get("ingest"))).containsExactly("readings", "accepted", "duplicates", "rejected", "seconds",
                "readingsPerSecond", "cpuNanosPerReading", "warmUp");
        assertThat(keys(report.get("ingest").get("warmUp"))).containsExactly("runs", "seconds", "jitQuiet");
        // the warm-up's batches are the scratch stream's (20 sensors x 90 minutes, about 18 of 100) and those after it
        assertThat(report.get("ingest").get("warmUp").get("runs").asInt()).isGreaterThanOrEqualTo(18);
        // the process's CPU clock may tick coarser than a tiny run's ingest calls: present, never negative
        assertThat(report.get("ingest").get("cpuNanosPerReading").isNumber()).isTrue();
        assertThat(report.get("ingest").get("cpuNanosPerReading").asDouble()).isNotNegative();
        assertThat(keys(report.get("memory"))).containsExactly("retainedBytesPerReading");
        assertThat(keys(report.get("dashboardQuery"))).containsExactly("runs", "readings", "p50Micros", "p99Micros",
                "warmUp", "cpuShare");
        assertThat(keys(report.get("dashboardQuery").get("warmUp"))).containsExactly("runs", "seconds", "jitQuiet");
        assertThat(keys(report.get("alertingQuery"))).containsExactly("series", "windows", "millis", "firstMillis", "warmUp");
        assertThat(keys(report.get("storage"))).containsExactly("backend", "series", "readings", "buckets",
                "avgReadingsPerBucket", "maxReadingsPerBucket", "avgBucketBytes", "documentReduction");
        assertThat(report.get("alertingThreeWays").get("absent").asText()).isEqualTo("not run: --no-extra-phases");
        assertThat(keys(report.get("longRangeStore"))).containsExactly("absent");

        assertThat(report.get("backend").asText()).isEqualTo("inmemory");
        JsonNode scenario = report.get("scenario");
        assertThat(scenario.get("sensors").asInt()).isEqualTo(20);
        assertThat(scenario.get("intervalSeconds").asInt()).isEqualTo(60);
        assertThat(scenario.get("hours").asDouble()).isEqualTo(1.5);
        assertThat(scenario.get("lateShare").asDouble()).isEqualTo(0.2);

        JsonNode ingest = report.get("ingest");
        long readings = ingest.get("readings").asLong();
        assertThat(ingest.get("accepted").asLong()).isEqualTo(20 * 90);
        assertThat(ingest.get("duplicates").asLong()).isPositive();
        assertThat(ingest.get("rejected").asLong()).isZero();
        assertThat(ingest.get("accepted").asLong() + ingest.get("duplicates").asLong() + ingest.get("rejected").asLong())
                .isEqualTo(readings);
        assertThat(ingest.get("seconds").asDouble()).isPositive();
        assertThat(ingest.get("readingsPerSecond").asLong()).isPositive();

        JsonNode dashboard = report.get("dashboardQuery");
        assertThat(dashboard.get("readings").asInt()).isEqualTo(90);
        assertThat(dashboard.get("p50Micros").asDouble()).isPositive()
                .isLessThanOrEqualTo(dashboard.get("p99Micros").asDouble());
        assertThat(dashboard.get("warmUp").get("runs").asInt()).as("at least the in-memory minimum").isGreaterThanOrEqualTo(2_000);
        assertThat(dashboard.get("warmUp").get("seconds").asDouble()).isPositive();
        // thread CPU time over wall time of the timed runs: a share, allowing for the two clocks' granularity
        assertThat(dashboard.get("cpuShare").asDouble()).isPositive().isLessThan(1.1);
        assertThat(report.get("alertingQuery").get("warmUp").get("runs").asInt()).isPositive();
        JsonNode alerting = report.get("alertingQuery");
        assertThat(alerting.get("firstMillis").asDouble()).isPositive();
        assertThat(alerting.get("series").asInt()).isEqualTo(20);
        assertThat(alerting.get("windows").asInt()).isBetween(40, 60);

        JsonNode storage = report.get("storage");
        assertThat(storage.get("readings").asLong()).isEqualTo(ingest.get("accepted").asLong());
        assertThat(storage.get("series").asLong()).isEqualTo(20);
        assertThat(storage.get("documentReduction").asDouble())
                .isCloseTo(storage.get("readings").asDouble() / storage.get("buckets").asDouble(),
                        org.assertj.core.data.Offset.offset(1e-9));
        assertThat(run.errLines()).doesNotContain("Exception");
    }

    @Test
    void withTagsTheGroupedAlertingJobMergesEverySensorIntoItsBuildingAndTheFilterKeepsThreeBuildings() throws Exception {
        // given: 1,000 sensors, 4 per building, over 30 minutes
        Run run = Cli.run("simulate", "--tags", "--sensors", "1000", "--duration", "30m", "--json", "--no-extra-phases",
                "--no-warm-up");

        // then
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(keys(report)).containsSubsequence("alertingQuery", "groupedAlertingQuery", "storage");
        assertThat(report.get("scenario").get("tags").asBoolean()).isTrue();
        JsonNode grouped = report.get("groupedAlertingQuery");
        assertThat(keys(grouped)).containsExactly("groups", "series", "windows", "timing", "filteredSeries",
                "filteredTiming");
        assertThat(keys(grouped.get("timing"))).containsExactly("runs", "p50Millis", "p50CpuMillis", "firstMillis", "warmUp");
        assertThat(grouped.get("groups").asLong()).isEqualTo(250);
        assertThat(grouped.get("series").asLong()).isEqualTo(1000);
        // as many windows per building as the per-sensor job has per sensor: both cut [end-10m, end] alike
        assertThat(grouped.get("windows").asLong() * 1000)
                .isEqualTo(report.get("alertingQuery").get("windows").asLong() * 250);
        assertThat(grouped.get("filteredSeries").asLong()).isEqualTo(3 * 4);
        assertThat(grouped.get("timing").get("p50Millis").asDouble()).isPositive();
        assertThat(grouped.get("timing").get("runs").asInt()).isEqualTo(31);
        assertThat(grouped.get("filteredTiming").get("p50CpuMillis").asDouble()).isPositive();
    }

    @Test
    void theExtraPhasesReportTheAlertingJobThreeWaysTheSevenDayQueryAndTheNinetyDayChart() throws Exception {
        // given: 20 sensors over 90 minutes, so that the last 20 minutes hold every sensor's last 21 readings
        Run run = Cli.run("simulate", "--sensors", "20", "--duration", "90m", "--json");

        // then
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode ways = new ObjectMapper().readTree(run.out()).get("alertingThreeWays");
        assertThat(keys(ways)).containsExactly("from", "to", "onRead", "subWindow", "tier", "agree", "tierStore",
                "wallSeconds");
        assertThat(keys(ways.get("onRead"))).containsExactly("source", "series", "windows", "millis", "runs");
        assertThat(keys(ways.get("subWindow"))).containsExactly("absent");
        assertThat(keys(ways.get("tierStore"))).containsExactly("rollups", "readings", "ingestSeconds", "readingsPerSecond",
                "withoutTiersReadingsPerSecond", "settleSeconds", "sameAnswerPastRawRetention");
        assertThat(ways.get("agree").asBoolean()).isTrue();
        assertThat(ways.get("onRead").get("windows").asLong()).isEqualTo(2 * 20);   // two whole 5-minute windows each
        assertThat(ways.get("tier").get("windows").asLong()).isEqualTo(2 * 20);
        assertThat(ways.get("tierStore").get("readings").asLong()).isEqualTo(21 * 20);
        assertThat(ways.get("tierStore").get("sameAnswerPastRawRetention").asBoolean()).isTrue();

        JsonNode longRange = new ObjectMapper().readTree(run.out()).get("longRangeStore");
        assertThat(keys(longRange)).containsExactly("sensors", "days", "retention", "rollups", "readings", "ingestSeconds",
                "readingsPerSecond", "settleSeconds", "sevenDayQuery", "hourlyChart", "wallSeconds");
        assertThat(keys(longRange.get("hourlyChart"))).containsExactly("runs", "windows", "windowsPastRawRetention",
                "p50Micros", "p99Micros", "warmUp");
        assertThat(longRange.get("readings").asLong()).isEqualTo(longRange.get("sensors").asLong() * 91 * 1440);
        assertThat(longRange.get("hourlyChart").get("windows").asInt()).isEqualTo(90 * 24);
        assertThat(longRange.get("hourlyChart").get("windowsPastRawRetention").asInt()).isBetween(83 * 24, 83 * 24 + 1);
        assertThat(longRange.get("sevenDayQuery").get("readings").asInt()).isEqualTo(7 * 1440 + 1);
    }

    @Test
    void mongoBucketAddsTheMongoAndBaselineSectionsWhoseFiguresAgreeWithTheRest() throws Exception {
        Run run = Cli.run("simulate", "--backend", "mongo-bucket", "--embedded-mongo", "--sensors", "20", "--duration", "2h",
                "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(keys(report)).containsExactly("backend", "scenario", "ingest", "memory", "dashboardQuery",
                "alertingQuery", "storage", "mongo", "baseline", "alertingThreeWays", "longRangeStore");
        assertThat(report.get("alertingThreeWays").get("absent").asText()).contains("inmemory backend only");
        assertThat(keys(report.get("longRangeStore"))).containsExactly("absent");
        JsonNode mongo = report.get("mongo");
        JsonNode baseline = report.get("baseline");
        assertThat(keys(mongo)).containsExactly("writeCommandsPer1000Readings", "updateStatementsPerBucketPerBatch",
                "bytesPerReading");
        assertThat(keys(baseline)).containsExactly("documents", "bytesPerReading", "writeCommandsPer1000Readings", "seconds");

        long accepted = report.get("ingest").get("accepted").asLong();
        JsonNode storage = report.get("storage");
        assertThat(accepted).isEqualTo(20 * 120);
        assertThat(storage.get("readings").asLong()).isEqualTo(accepted);
        assertThat(mongo.get("updateStatementsPerBucketPerBatch").asDouble()).isEqualTo(1.0);
        assertThat(mongo.get("writeCommandsPer1000Readings").asDouble()).isPositive()
                .isLessThanOrEqualTo(1000.0 * 2 / accepted);   // 2,400 readings in one batch: one bulk write, maybe one more
        assertThat(mongo.get("bytesPerReading").asDouble()).isCloseTo(storage.get("avgBucketBytes").asDouble()
                * storage.get("buckets").asDouble() / accepted, org.assertj.core.data.Offset.offset(0.1));
        assertThat(baseline.get("documents").asLong()).isEqualTo(accepted);
        assertThat(baseline.get("bytesPerReading").asDouble()).isGreaterThan(mongo.get("bytesPerReading").asDouble());
        assertThat(baseline.get("writeCommandsPer1000Readings").asDouble()).isPositive();
        assertThat(baseline.get("seconds").asDouble()).isPositive();
        assertThat(report.get("dashboardQuery").get("runs").asInt()).isLessThan(5_000);
        assertThat(run.errLines()).doesNotContain("Exception");
    }

    @Test
    void mongoTimeSeriesReportsItsWritesWithoutBucketStatementsOrBytesInTheFallback() throws Exception {
        Run run = Cli.run("simulate", "--backend", "mongo-timeseries", "--embedded-mongo", "--sensors", "5", "--duration",
                "30m", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(keys(report)).containsExactly("backend", "scenario", "ingest", "memory", "dashboardQuery",
                "alertingQuery", "storage", "mongo", "alertingThreeWays", "longRangeStore");
        JsonNode mongo = report.get("mongo");
        assertThat(keys(mongo)).containsExactly("writeCommandsPer1000Readings", "updateStatementsPerBucketPerBatch",
                "bytesPerReading");
        assertThat(mongo.get("writeCommandsPer1000Readings").asDouble()).isPositive();
        assertThat(mongo.get("updateStatementsPerBucketPerBatch").isNull()).isTrue();
        assertThat(mongo.get("bytesPerReading").isNull()).isTrue();
    }

    @Test
    void theMongoBucketHumanReportSaysHowTheMongoAndBaselineFiguresWereMeasured() {
        Run run = Cli.run("simulate", "--backend", "mongo-bucket", "--embedded-mongo", "--sensors", "3", "--duration", "1h");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("backend mongo-bucket", "write commands per 1,000 readings",
                "update statements per touched bucket per batch", "stored bytes per reading", "how: a driver CommandListener",
                "baseline", "one document per reading", "not part of the ingest time", "server round trip");
    }

    @Test
    void theHumanReportSaysHowEachFigureWasMeasured() {
        Run run = Cli.run("simulate", "--sensors", "5", "--duration", "30m", "--batch-size", "7");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("backend inmemory", "ingest", "150 readings", "how: wall time",
                "after a warm-up of 150 readings into a scratch in-memory store, then on to ",
                "memory", "how: heap used after explicit full GC", "dashboard", "p50", "of the time", "warm-up runs (",
                "alerting", "storage", "documentReduction", "3 ways", "on read", "sub-window summaries not measured", "5-minute tier",
                "the same windows: yes", "tier store", "only the tier can answer): the same windows", "seven-day",
                "90-day", "2,160 hourly windows", "long range", "raw retention 7d");
        assertThat(run.out()).containsPattern("p50 [\\d.]+ µs, p99 [\\d.]+ µs")
                .doesNotContainPattern("\\d us\\b").contains("one reading every 1m for 30m;");
        assertThat(run.err()).contains("ingest", "warming up");   // the progress bar and the warm-up
    }

    @Test
    void withoutWarmUpTheReportSaysSoAndTheStoredFiguresAreTheSame() {
        // given: more sensors than the warm-up takes, so that a leaking warm-up would show in the storage
        // (sealing each window as soon as it has ended, so that the heap of the buckets does not depend
        // on whether a run starts more than sealAfter into the hour)
        Run warm = Cli.run("simulate", "--sensors", "1200", "--duration", "25h", "--interval", "1h", "--seal-after", "0s",
                "--no-extra-phases");
        Run cold = Cli.run("simulate", "--sensors", "1200", "--duration", "25h", "--interval", "1h", "--seal-after", "0s",
                "--no-warm-up", "--no-extra-phases");

        // then
        assertThat(warm.exitCode()).as(warm.err()).isZero();
        assertThat(cold.exitCode()).as(cold.err()).isZero();
        assertThat(warm.out()).contains("after a warm-up of 25,000 readings");   // 1,000 sensors x 25 hours
        assertThat(cold.out()).contains("no warm-up (--no-warm-up)").doesNotContain("after a warm-up");
        assertThat(cold.err()).doesNotContain("warming up");
        assertThat(storageLine(warm)).isEqualTo(storageLine(cold)).contains("30,000 readings of 1,200 series");
    }

    @Test
    void theInMemorySealingSectionAddsUpToTheStoredReadingsAndSaysHowItWasMeasured() throws Exception {
        // given: three hours, so every sensor has a window that ended more than sealAfter (10m) ago
        Run run = Cli.run("simulate", "--sensors", "20", "--duration", "3h", "--json", "--no-extra-phases");
        Run human = Cli.run("simulate", "--sensors", "20", "--duration", "3h", "--seal-after", "0s", "--no-extra-phases");

        // then
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        JsonNode sealing = report.get("sealing");
        assertThat(keys(sealing)).containsExactly("sealedBuckets", "sealedReadings", "sealedBytesPerReading",
                "rowBytesPerReadingBeforeSealing", "bytesPerReading", "openBytesPerReading", "encodeValuesPerSecond",
                "decodeValuesPerSecond", "reopenedBuckets");
        assertThat(sealing.get("sealedBuckets").asLong()).isGreaterThanOrEqualTo(20);
        assertThat(sealing.get("sealedReadings").asLong()).isPositive()
                .isLessThan(report.get("storage").get("readings").asLong());
        assertThat(sealing.get("sealedBytesPerReading").asDouble()).isPositive()
                .isLessThan(sealing.get("rowBytesPerReadingBeforeSealing").asDouble());
        assertThat(sealing.get("bytesPerReading").asDouble()).isBetween(sealing.get("sealedBytesPerReading").asDouble(),
                sealing.get("openBytesPerReading").asDouble());
        assertThat(sealing.get("encodeValuesPerSecond").asDouble()).isPositive();
        assertThat(sealing.get("decodeValuesPerSecond").asDouble()).as("the dashboard query reads sealed hours").isPositive();
        assertThat(human.exitCode()).as(human.err()).isZero();
        assertThat(human.out()).contains("sealing ", "B per sealed reading", "how: the store's own accounting");
    }

    private static String storageLine(Run run) {
        return run.out().lines().filter(line -> line.startsWith("storage")).findFirst().orElseThrow();
    }
}
