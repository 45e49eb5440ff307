package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@code --sub-window} on simulate and serve: the cost it reports, and the values it refuses before starting. */
class SubWindowCommandTest {

    @Test
    void simulateWithSubWindowsReportsTheirBytesPerBucketBesideTheAlertingQuery() throws Exception {
        Run run = Cli.run("simulate", "--sensors", "20", "--interval", "60s", "--duration", "2h", "--sub-window", "5m",
                "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        JsonNode subWindows = report.get("subWindows");
        assertThat(subWindows).as(run.out()).isNotNull();
        assertThat(subWindows.get("subWindow").asText()).isEqualTo("5m");
        double perBucket = subWindows.get("summaryBytesPerBucket").asDouble();
        assertThat(perBucket).isPositive();
        assertThat(subWindows.get("bucketBytes").asDouble())
                .isCloseTo(report.get("storage").get("avgBucketBytes").asDouble(), within(0.051));
        assertThat(subWindows.get("bucketBytesWithout").asDouble())
                .isCloseTo(subWindows.get("bucketBytes").asDouble() - perBucket, within(0.101));
        assertThat(subWindows.get("summaryBytesPerReading").asDouble()).isPositive();
        assertThat(report.get("alertingQuery").get("windows").asLong()).isPositive();
    }

    @Test
    void simulateWithoutSubWindowsReportsNoSubWindowCost() throws Exception {
        Run run = Cli.run("simulate", "--sensors", "5", "--interval", "60s", "--duration", "30m", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(new ObjectMapper().readTree(run.out()).has("subWindows")).isFalse();
    }

    @Test
    void theHumanReportSaysWhatTheSummariesCost() {
        Run run = Cli.run("simulate", "--sensors", "5", "--interval", "60s", "--duration", "1h", "--sub-window", "10m");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("subwindow  10m summaries:", "B per bucket", "without");
    }

    @Test
    void aSubWindowThatDoesNotDivideTheBucketWidthStopsServeAndSimulateAsBadUsage() {
        for (String[] command : new String[][] {{"serve", "--sub-window", "7m", "--port", "0"},
                {"simulate", "--sub-window", "7m", "--sensors", "1", "--duration", "1m"}}) {
            Run run = Cli.run(command);

            assertThat(run.exitCode()).as(command[0] + ": " + run.err()).isEqualTo(2);
            assertThat(run.err()).as(command[0])
                    .contains("sub-window 7m must be smaller than the bucket width 1h and divide it");
        }
    }

    @Test
    void pagedBucketsAndMongoTimeSeriesRefuseSubWindowsSayingWhy() {
        Run paged = Cli.run("serve", "--sub-window", "5m", "--bucket-policy", "paged", "--port", "0");
        Run timeSeries = Cli.run("simulate", "--sub-window", "5m", "--backend", "mongo-timeseries", "--sensors", "1",
                "--duration", "1m");

        assertThat(paged.exitCode()).as(paged.err()).isEqualTo(2);
        assertThat(paged.err()).contains("needs windowed buckets");
        assertThat(timeSeries.exitCode()).as(timeSeries.err()).isEqualTo(2);
        assertThat(timeSeries.err()).contains("the server keeps its own buckets");
    }
}
