package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * How a target answers a write that stored a whole batch, read as counts; any other answer fails the
 * benchmark with the status and body, since a figure over refused writes would mean nothing.
 */
interface Answer {

    /** What one write stored. */
    record Counts(long accepted, long duplicates) {
    }

    /** The counts of {@code response} to a batch of {@code readings}; IllegalStateException if it did not store them all. */
    Counts read(HttpResponse<byte[]> response, int readings);

    /** Bucketry's line-protocol write: 204 with the X-Bucketry-Accepted and X-Bucketry-Duplicates headers. */
    static Answer bucketryLines() {
        return (response, readings) -> {
            expect(response, 204);
            return new Counts(header(response, "X-Bucketry-Accepted"), header(response, "X-Bucketry-Duplicates"));
        };
    }

    /** Bucketry's JSON ingest: 200 with an IngestReport that rejects nothing. */
    static Answer bucketryJson(ObjectMapper mapper) {
        return (response, readings) -> {
            expect(response, 200);
            try {
                JsonNode report = mapper.readTree(response.body());
                if (!report.path("rejected").isEmpty()) {
                    throw failure(response);
                }
                return new Counts(report.path("accepted").asLong(), report.path("duplicates").asLong());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** InfluxDB's /write: 204, and nothing to count (a rewritten point is not reported), so every line counts as accepted. */
    static Answer influx() {
        return (response, readings) -> {
            expect(response, 204);
            return new Counts(readings, 0);
        };
    }

    private static void expect(HttpResponse<byte[]> response, int status) {
        if (response.statusCode() != status) {
            throw failure(response);
        }
    }

    private static long header(HttpResponse<byte[]> response, String name) {
        return Long.parseLong(response.headers().firstValue(name).orElseThrow(() -> failure(response)));
    }

    private static IllegalStateException failure(HttpResponse<byte[]> response) {
        String body = new String(response.body(), StandardCharsets.UTF_8);
        return new IllegalStateException(response.request().method() + " " + response.uri() + " answered "
                + response.statusCode() + ": " + (body.length() > 500 ? body.substring(0, 500) + "…" : body));
    }
}
