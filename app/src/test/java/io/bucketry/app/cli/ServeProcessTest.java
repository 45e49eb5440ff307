package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code serve} in its own JVM: it answers on the port it reports, and SIGTERM stops it cleanly. */
class ServeProcessTest {

    @TempDir
    Path dir;

    @Test
    void serveAnswersAndStopsOnSigterm() throws Exception {
        try (ServeProcess serve = ServeProcess.start(dir, "--mongo-uri", "mongodb://alice:s3cret@db")) {
            assertThat(serve.backend()).isEqualTo("inmemory");
            assertThat(serve.stderr()).contains("***@db").doesNotContain("s3cret");

            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + serve.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).isEqualTo("{\"status\":\"UP\",\"backend\":\"inmemory\"}");

            assertThat(serve.stop()).isTrue();   // SIGTERM
            assertThat(serve.stderr()).contains("stopping; finishing requests in flight (for up to 30s");
        }
    }
}
