package io.bucketry.bootstrap.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code serve} in its own JVM: it answers on the port it reports, and SIGTERM stops it cleanly. */
class ServeProcessTest {

    private static final Pattern SERVING = Pattern.compile("serving backend inmemory on http://127\\.0\\.0\\.1:(\\d+)");

    @TempDir
    Path dir;

    @Test
    void serveAnswersAndStopsOnSigterm() throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                BucketryCommand.class.getName(), "serve", "--port", "0", "--mongo-uri", "mongodb://alice:s3cret@db")
                .redirectError(stderr.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int port = awaitPort(stderr, process);
            assertThat(Files.readString(stderr)).contains("***@db").doesNotContain("s3cret");

            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).isEqualTo("{\"status\":\"UP\",\"backend\":\"inmemory\"}");

            process.destroy();   // SIGTERM
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(stderr)).contains("stopping; finishing requests in flight");
        } finally {
            process.destroyForcibly();
        }
    }

    private static int awaitPort(Path stderr, Process process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher matcher = SERVING.matcher(Files.readString(stderr));
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("serve did not report its port:\n" + Files.readString(stderr));
    }
}
