package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code simulate --compare}: one stream into both Mongo backends and the baseline, one table, in the embedded lane. */
class SimulateCompareTest {

    private static final int SENSORS = 10;
    private static final int MINUTES = 180;

    @Test
    void compareRunsTheSameStreamIntoBothBackendsAndTheBaselineAndMarksWhatTheEmbeddedServerCannotGive() throws Exception {
        Run run = Cli.run("simulate", "--compare", "--embedded-mongo", "--sensors", String.valueOf(SENSORS), "--duration",
                MINUTES + "m", "--no-warm-up", "--json");

        assertThat(run.exitCode()).as(run.errLines()).isZero();
        JsonNode table = new ObjectMapper().readTree(run.out());
        assertThat(table.get("embeddedServer").asBoolean()).isTrue();
        Map<String, JsonNode> rows = new LinkedHashMap<>();
        table.get("rows").forEach(row -> rows.put(row.get("measure").asText(), row));
        assertThat(rows.keySet()).containsExactly("documents", "BSON bytes per reading", "BSON bytes per reading, client-side",
                "data bytes per reading", "storage bytes per reading", "index bytes per reading",
                "write commands per 1,000 readings", "ingest readings/s", "dashboard p50 us", "alerting ms", "seven-day p50 us");
        rows.values().forEach(row -> assertThat(row.get("how").asText()).as(row.get("measure").asText()).isNotBlank());

        JsonNode documents = rows.get("documents");
        int readings = SENSORS * MINUTES;
        assertThat(documents.get("oneDocumentPerReading").asLong()).isEqualTo(readings);
        assertThat(documents.get("mongoBucket").asLong()).isPositive().isLessThan(readings / 10);
        assertThat(documents.get("mongoTimeseries").asLong()).as("the embedded fallback: one document per reading")
                .isEqualTo(readings);
        for (String measure : List.of("BSON bytes per reading", "data bytes per reading", "index bytes per reading")) {
            for (String column : List.of("mongoBucket", "mongoTimeseries", "oneDocumentPerReading")) {
                assertThat(rows.get(measure).get(column).asText()).as(measure + " " + column).startsWith("n/a: $");
            }
        }
        JsonNode clientBytes = rows.get("BSON bytes per reading, client-side");
        assertThat(clientBytes.get("mongoBucket").asDouble()).isPositive()
                .isLessThan(clientBytes.get("oneDocumentPerReading").asDouble());
        for (String measure : List.of("write commands per 1,000 readings", "ingest readings/s", "dashboard p50 us",
                "alerting ms", "seven-day p50 us")) {
            assertThat(rows.get(measure).get("mongoBucket").isNumber()).as(measure).isTrue();
            assertThat(rows.get(measure).get("mongoTimeseries").isNumber()).as(measure).isTrue();
        }
        assertThat(rows.get("seven-day p50 us").get("oneDocumentPerReading").asText()).startsWith("n/a: written only");
        assertThat(run.errLines()).contains("simulate writes into bucketry.simulate_buckets and bucketry.simulate_buckets_baseline",
                "simulate writes into bucketry.simulate_timeseries");
    }

    @Test
    void theTwoBackendsNamedTogetherPrintTheTableWithHowEachFigureWasMeasured() {
        Run run = Cli.run("simulate", "--backend", "mongo-timeseries,mongo-bucket", "--embedded-mongo", "--sensors", "3",
                "--duration", "1h", "--no-warm-up");

        assertThat(run.exitCode()).as(run.errLines()).isZero();
        List<String> lines = new ArrayList<>(run.out().lines().toList());
        assertThat(lines.get(0)).startsWith("Bucketry simulate --compare - 3 sensors").contains("embedded TEST server");
        assertThat(lines.get(1)).contains("mongo-bucket", "mongo-timeseries", "one doc per reading");
        assertThat(lines).anyMatch(line -> line.startsWith("documents ")).contains("how measured:")
                .anyMatch(line -> line.startsWith("  [1] $bsonSize refused"));
    }

    @Test
    void compareOfAnotherPairOfBackendsIsRefused() {
        Run run = Cli.run("simulate", "--backend", "inmemory,mongo-bucket", "--embedded-mongo");

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("--compare runs mongo-bucket,mongo-timeseries");
    }
}
