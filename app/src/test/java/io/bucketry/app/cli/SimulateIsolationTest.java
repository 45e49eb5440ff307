package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.app.cli.Cli.Run;
import io.bucketry.bootstrap.wiring.EmbeddedMongo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** simulate on a server that holds other data: its own collections, refused unless --force, dropped unless --keep. */
class SimulateIsolationTest {

    private EmbeddedMongo server;
    private MongoServerDiagnostics diagnostics;

    @BeforeEach
    void startServer() {
        server = EmbeddedMongo.start();
        diagnostics = MongoServerDiagnostics.open(new MongoBucketSettings(server.uri(), "bucketry", null));
    }

    @AfterEach
    void stopServer() {
        diagnostics.close();
        server.close();
    }

    private void store(String collection, int readings) {
        BucketryConfig config = BucketryConfig.builder().backend(Backend.MONGO_BUCKET).mongoUri(server.uri())
                .mongoCollection(collection).build();
        try (Bucketry bucketry = Bucketry.start(config)) {
            // the start of an hour two hours ago: the readings of one call lie in one hourly bucket, whenever the test runs
            Instant first = Instant.now().minus(Duration.ofHours(2)).truncatedTo(java.time.temporal.ChronoUnit.HOURS);
            List<ReadingInput> batch = new ArrayList<>();
            for (int i = 0; i < readings; i++) {
                batch.add(new ReadingInput("user-sensor", first.plusSeconds(60L * i).toString(), Map.of("temperature", i)));
            }
            assertThat(bucketry.ingest().ingest(batch).accepted()).isEqualTo(readings);
        }
    }

    private Run simulate(String... extra) {
        List<String> args = new ArrayList<>(List.of("simulate", "--backend", "mongo-bucket", "--mongo-uri",
                server.uri(), "--mongo-collection", "readings_buckets", "--sensors", "4", "--duration", "30m", "--no-warm-up",
                "--json"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private long storedReadings(Run run) throws Exception {
        JsonNode report = new ObjectMapper().readTree(run.out());
        return report.get("storage").get("readings").asLong();
    }

    @Test
    void simulateLeavesTheConfiguredCollectionAloneAndDropsItsOwnAtTheEnd() throws Exception {
        store("readings_buckets", 7);

        Run run = simulate();

        assertThat(run.exitCode()).as(run.errLines()).isZero();
        assertThat(storedReadings(run)).isEqualTo(4 * 30);
        assertThat(run.errLines()).contains("leaves mongoCollection readings_buckets alone",
                "simulate writes into bucketry.simulate_buckets and bucketry.simulate_buckets_baseline",
                "dropped bucketry.simulate_buckets and bucketry.simulate_buckets_baseline");
        assertThat(diagnostics.count("readings_buckets")).isEqualTo(1);   // the user's 7 readings, in one bucket
        assertThat(diagnostics.collectionNames()).doesNotContain("simulate_buckets", "simulate_buckets_baseline");
    }

    @Test
    void aTargetHoldingDataIsRefusedWithoutForceAndEmptiedWithItSoTheFiguresCountOnlyThisRun() throws Exception {
        store("simulate_buckets", 5);

        Run refused = simulate();
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.err().strip().lines().reduce((a, b) -> b).orElseThrow())
                .contains("refuses to write where data already is: bucketry.simulate_buckets holds 1 document (", "--force");
        assertThat(diagnostics.count("simulate_buckets")).isEqualTo(1);

        Run forced = simulate("--force");
        assertThat(forced.exitCode()).as(forced.errLines()).isZero();
        assertThat(storedReadings(forced)).isEqualTo(4 * 30);
        assertThat(forced.errLines()).contains("--force: emptied bucketry.simulate_buckets holds 1 document");
    }

    @Test
    void keepLeavesWhatTheRunWrote() throws Exception {
        Run run = simulate("--keep");

        assertThat(run.exitCode()).as(run.errLines()).isZero();
        assertThat(run.errLines()).contains("kept bucketry.simulate_buckets and bucketry.simulate_buckets_baseline (--keep)");
        assertThat(diagnostics.count("simulate_buckets_baseline")).isEqualTo(4 * 30);
        assertThat(diagnostics.count("simulate_buckets")).isPositive();
    }
}
