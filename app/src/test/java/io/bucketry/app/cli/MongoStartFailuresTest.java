package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.bucketry.app.cli.Cli.assertOneLineError;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Mongo backends against a server given with {@code --mongo-uri} (a mongo-java-server started by
 * the test, or nothing at all): a start that cannot work stops with one clear line, never a password.
 */
@Timeout(60)   // serve blocks when it starts: a start that should fail but does not must not hang the build
class MongoStartFailuresTest {

    private static final String UNREACHABLE = "mongodb://alice:s3cret@127.0.0.1:1/?serverSelectionTimeoutMS=500";

    private MongoServer server;
    private String uri;

    @BeforeEach
    void startServerWithoutTimeSeriesCollections() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
    }

    @AfterEach
    void stopServer() {
        server.shutdownNow();
    }

    @Test
    void timeSeriesWithoutTheFallbackIsRefusedNamingTimeSeriesCollectionsAndTheServerVersion() {
        Run run = Cli.run("serve", "--backend", "mongo-timeseries", "--mongo-uri", uri, "--port", "0");

        assertOneLineError(run, 1, "bucketry serve: MongoDB server ", "has no native time-series collections",
                "--timeseries-fallback");
        assertThat(run.err()).containsPattern("MongoDB server \\d+\\.\\d+");
    }

    @Test
    void withTheFallbackFlagTheSameServerStoresOneDocumentPerReading() throws Exception {
        Run run = Cli.run("simulate", "--backend", "mongo-timeseries", "--mongo-uri", uri, "--timeseries-fallback",
                "--sensors", "5", "--duration", "30m", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(report.get("storage").get("buckets").asLong()).isEqualTo(report.get("storage").get("readings").asLong())
                .isEqualTo(150);
        assertThat(report.get("backend").asText()).isEqualTo("mongo-timeseries");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mongo-bucket", "mongo-timeseries"})
    void anUnreachableServerStopsTheStartWithOneLineThatNeverShowsThePassword(String backend) {
        Run run = Cli.run("serve", "--backend", backend, "--mongo-uri", UNREACHABLE, "--port", "0");

        assertOneLineError(run, 1, "bucketry serve: " + backend + " cannot start: the MongoDB server at "
                + "mongodb://***@127.0.0.1:1/?serverSelectionTimeoutMS=500 failed to answer", "--mongo-uri");
        assertThat(run.err()).doesNotContain("s3cret").doesNotContain("alice");
    }
}
