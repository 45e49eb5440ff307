package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** How one system is asked the four queries in its own language, and how its answers read. */
interface Dialect {

    ObjectMapper JSON = new ObjectMapper();

    /** Asks {@code query}: the bodies of its answer, one per call (more than one only where the system pages). */
    List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException;

    /** The rows of the answer {@code bodies} to {@code query}. */
    QueryAnswer read(PeerQuery query, List<byte[]> bodies, QuerySpec spec) throws IOException;

    /** GET {@code uri}: the body of its 200 answer; IllegalStateException with the status and body otherwise. */
    static byte[] get(HttpClient client, URI uri) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            String body = new String(response.body(), StandardCharsets.UTF_8);
            throw new IllegalStateException("GET " + uri + " answered " + response.statusCode() + ": "
                    + (body.length() > 500 ? body.substring(0, 500) + "…" : body));
        }
        return response.body();
    }

    /** {@code text} as a query parameter's value. */
    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Total bytes of {@code bodies}. */
    static long bytes(List<byte[]> bodies) {
        return bodies.stream().mapToLong(body -> body.length).sum();
    }
}
