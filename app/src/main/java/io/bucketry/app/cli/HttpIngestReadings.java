package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.server.json.IngestReportView;
import io.bucketry.server.json.ReadingInputLines;

import javax.net.ssl.SSLException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * The ingest use case of a running server, over HTTP: each batch is one {@code POST /v1/readings} of NDJSON
 * (gzip), with the token as {@code Authorization: Bearer}; the server's ingest report is the batch's report.
 * A server busy with other ingests ({@code 503 BUSY}) is asked again after its {@code Retry-After}; any other
 * refusal stops the import with the server's own words and what was stored before it.
 */
final class HttpIngestReadings implements IngestReadingsUseCase {

    /** How often a batch is sent again to a busy server before the import gives up. */
    static final int BUSY_RETRIES = 10;
    /** How long one batch may take to be answered: far beyond a healthy server's seconds, short of forever. */
    static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final HttpClient client;
    private final URI base;
    private final URI readings;
    private final String token;
    private final Duration timeout;
    private long sent;
    private long stored;
    private long duplicates;

    /** @param token null to send none */
    HttpIngestReadings(HttpClient client, URI base, String token) {
        this(client, base, token, TIMEOUT);
    }

    /** @param timeout how long one batch may take to be answered */
    HttpIngestReadings(HttpClient client, URI base, String token, Duration timeout) {
        this.client = client;
        this.base = base;
        this.readings = base.resolve("/v1/readings");
        this.token = token;
        this.timeout = timeout;
    }

    /** A client with the JVM's default trust (its {@code javax.net.ssl.trustStore}) for an https URL. */
    static HttpClient defaultClient() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public IngestReport ingest(List<ReadingInput> batch) {
        byte[] body = gzip(batch);
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> answer = send(body);
            if (answer.statusCode() == 200) {
                IngestReport report = report(answer);
                sent += batch.size();
                stored += report.accepted();
                duplicates += report.duplicates();
                return report;
            }
            long wait = answer.headers().firstValueAsLong("Retry-After").orElse(1);
            if (answer.statusCode() != 503 || !"BUSY".equals(error(answer)[0]) || attempt == BUSY_RETRIES) {
                throw refused(answer);
            }
            pause(Duration.ofSeconds(Math.max(1, Math.min(wait, 60))));
        }
    }

    private static byte[] gzip(List<ReadingInput> batch) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(batch.size() * 64);
        try (GZIPOutputStream out = new GZIPOutputStream(bytes, 1 << 16)) {
            ReadingInputLines.write(batch, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private HttpResponse<String> send(byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(readings).timeout(timeout)
                .header("Content-Type", "application/x-ndjson").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new IllegalStateException("cannot reach " + base + " (" + (e.getMessage() == null ? "connection refused"
                    : e.getMessage()) + "): is 'bucketry serve' running there, on that port?" + sofar(), e);
        } catch (HttpTimeoutException e) {
            throw new IllegalStateException("the server at " + base + " did not answer a batch within "
                    + timeout.toSeconds() + " s; send smaller batches with --batch-size" + sofar(), e);
        } catch (SSLException e) {
            throw new IllegalStateException("cannot talk TLS with " + base + ": " + (untrusted(e)
                    ? "this JVM does not trust its certificate (no chain to a CA in its trust store). Put the server's CA "
                    + "in a trust store and run java -Djavax.net.ssl.trustStore=FILE "
                    + "-Djavax.net.ssl.trustStorePassword=… -jar bucketry.jar import …"
                    : "the handshake failed (" + e.getMessage() + "); is it a TLS port?") + sofar(), e);
        } catch (IOException e) {
            throw new IllegalStateException("the request to " + readings + " failed: " + (e.getMessage() == null
                    ? "the connection broke" : e.getMessage()) + sofar(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending to " + readings, e);
        }
    }

    /** True when the handshake failed on the server's certificate, not on the connection. */
    private static boolean untrusted(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertificateException || cause instanceof CertPathBuilderException) {
                return true;
            }
        }
        return false;
    }

    private static IngestReport report(HttpResponse<String> answer) {
        try {
            return JSON.readValue(answer.body(), IngestReportView.class).toReport();
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("the answer of the server is not an ingest report: "
                    + cut(answer.body()), e);
        }
    }

    /** The server's error code and message, or the status and body where it sent no JSON error. */
    private static String[] error(HttpResponse<String> answer) {
        try {
            JsonNode json = JSON.readTree(answer.body());
            if (json.hasNonNull("error")) {
                return new String[] {json.get("error").asText(), json.path("message").asText()};
            }
        } catch (IOException e) {
            // not JSON: shown as it came
        }
        return new String[] {"HTTP " + answer.statusCode(), cut(answer.body())};
    }

    private IllegalStateException refused(HttpResponse<String> answer) {
        String[] error = error(answer);
        String hint = switch (error[0]) {
            case "BATCH_TOO_LARGE", "PAYLOAD_TOO_LARGE" -> "; send smaller batches with --batch-size";
            case "UNAUTHORIZED", "FORBIDDEN" -> "; give a token with the write scope with --token (or BUCKETRY_TOKEN)";
            default -> "";
        };
        return new IllegalStateException(String.format(Locale.ROOT, "the server at %s answered %d %s: %s%s%s", base,
                answer.statusCode(), error[0], error[1], hint, sofar()));
    }

    /** What the server stored before the failure, and that sending the file again is safe. */
    private String sofar() {
        return sent == 0 ? "" : String.format(Locale.ROOT, " (before it, %,d readings were sent: %,d stored, %,d "
                + "duplicates; importing the file again stores the rest, as duplicates are not stored twice)", sent,
                stored, duplicates);
    }

    private static String cut(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }

    private static void pause(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a busy server", e);
        }
    }
}
