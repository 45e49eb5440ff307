package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code serve --backend <mongo backend> --embedded-mongo} in its own JVM: the whole API round trip over a socket. */
class MongoServeTest {

    private static final String EMBEDDED_WARNING = "in-memory MongoDB TEST server";

    @TempDir
    Path dir;

    private static String reading(String series, Instant time, double temperature) {
        return "{\"series\":\"" + series + "\",\"time\":\"" + time + "\",\"fields\":{\"temperature\":" + temperature
                + ",\"status\":\"OK\"}}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"mongo-bucket", "mongo-timeseries"})
    void ingestReadLatestStatsAndDeleteRoundTripOnTheEmbeddedServer(String backend) throws Exception {
        try (ServeProcess serve = ServeProcess.start(dir, "--backend", backend, "--embedded-mongo")) {
            Api api = new Api(serve.port());
            String series = "sensor-" + UUID.randomUUID();
            Instant first = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(30, ChronoUnit.MINUTES);

            Answer ingest = api.post("/v1/readings", "[" + reading(series, first.plusSeconds(120), 22.0) + ","
                    + reading(series, first, 20.0) + "," + reading(series, first.plusSeconds(60), 21.0) + ","
                    + reading(series, first, 99.0) + "]");
            Answer readings = api.get("/v1/series/" + series + "/readings");
            Answer latest = api.get("/v1/series/" + series + "/latest");
            Answer stats = api.get("/v1/stats");
            Answer deleted = api.delete("/v1/series/" + series);
            Answer afterDelete = api.get("/v1/series/" + series + "/readings");
            Answer latestAfterDelete = api.get("/v1/series/" + series + "/latest");

            assertThat(serve.backend()).isEqualTo(backend);
            assertThat(ingest.status()).isEqualTo(200);
            assertThat(ingest.json().get("accepted").asInt()).isEqualTo(3);
            assertThat(ingest.json().get("duplicates").asInt()).isEqualTo(1);
            assertThat(readings.json()).extracting(r -> r.get("fields").get("temperature").asDouble())
                    .containsExactly(20.0, 21.0, 22.0);
            assertThat(latest.json().get("time").asText()).isEqualTo(first.plusSeconds(120).toString());
            JsonNode statistics = stats.json();
            assertThat(statistics.get("backend").asText()).isEqualTo(backend);
            assertThat(statistics.get("series").asLong()).isEqualTo(1);
            assertThat(statistics.get("readings").asLong()).isEqualTo(3);
            assertThat(statistics.get("buckets").asLong()).isBetween(1L, 3L);
            assertThat(deleted.json().get("deleted").asLong()).isEqualTo(3);
            assertThat(afterDelete.json()).isEmpty();
            assertThat(latestAfterDelete.status()).isEqualTo(404);
            assertThat(api.get("/health").json().get("backend").asText()).isEqualTo(backend);
            assertThat(serve.stop()).isTrue();
            String stderr = serve.stderr();
            assertThat(stderr.split(EMBEDDED_WARNING, -1)).as(stderr).hasSize(2);   // exactly one warning
            assertThat(stderr).contains("keeps nothing", "TTL", "time-series").doesNotContain("Exception");
        }
    }
}
