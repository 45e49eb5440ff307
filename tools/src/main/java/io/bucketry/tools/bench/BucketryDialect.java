package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * Bucketry's HTTP API: Q1 {@code GET /v1/series/{id}/readings}, Q2 {@code …/aggregates?window=5m},
 * Q3 {@code GET /v1/aggregates}, Q4 {@code GET /v1/latest} (one call per 1,000 series).
 */
record BucketryDialect(Function<String, URI> uri) implements Dialect {

    @Override
    public List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException {
        String series = Encodings.seriesOf(spec.sensor());
        String range = "from=" + spec.from() + "&to=" + spec.to();
        return switch (query) {
            case Q1 -> List.of(Dialect.get(client, uri.apply("/v1/series/" + series + "/readings?" + range + "&limit=100000")));
            case Q2 -> List.of(Dialect.get(client, uri.apply("/v1/series/" + series + "/aggregates?" + range + "&window=5m")));
            case Q3 -> List.of(Dialect.get(client, uri.apply("/v1/aggregates?from=" + spec.recentFrom() + "&to=" + spec.to()
                    + "&window=5m")));
            case Q4 -> lastpoints(client);
        };
    }

    private List<byte[]> lastpoints(HttpClient client) throws IOException, InterruptedException {
        List<byte[]> pages = new ArrayList<>();
        String after = "";
        do {
            byte[] page = Dialect.get(client, uri.apply("/v1/latest?prefix=" + Encodings.MEASUREMENT + ".&limit=1000"
                    + (after.isEmpty() ? "" : "&after=" + after)));
            pages.add(page);
            JsonNode next = JSON.readTree(page).path("next");
            after = next.isTextual() ? next.asText() : "";
        } while (!after.isEmpty());
        return pages;
    }

    @Override
    public QueryAnswer read(PeerQuery query, List<byte[]> bodies, QuerySpec spec) throws IOException {
        SortedMap<String, double[]> rows = QueryAnswer.newRows();
        for (byte[] body : bodies) {
            JsonNode answer = JSON.readTree(body);
            switch (query) {
                case Q1 -> answer.forEach(r -> rows.put(millis(r.path("time")), values(r.path("fields"), "")));
                case Q2 -> answer.forEach(w -> rows.put(millis(w.path("start")), values(w.path("fields"), "avg")));
                case Q3 -> answer.forEach(w -> rows.put(sensor(w.path("series")) + "@" + millis(w.path("start")),
                        values(w.path("fields"), "avg")));
                case Q4 -> answer.path("readings").forEach(r -> rows.put(sensor(r.path("series")), values(r.path("fields"), "")));
            }
        }
        return new QueryAnswer(rows, Dialect.bytes(bodies));
    }

    private static String millis(JsonNode time) {
        return Long.toString(Instant.parse(time.asText()).toEpochMilli());
    }

    private static String sensor(JsonNode series) {
        return series.asText().substring(Encodings.MEASUREMENT.length() + 1);
    }

    /** Temperature and pressure of a reading's fields ({@code member} empty) or of a window's field aggregates. */
    private static double[] values(JsonNode fields, String member) {
        JsonNode t = fields.path("temperature");
        JsonNode p = fields.path("pressure");
        return member.isEmpty() ? new double[] {t.asDouble(), p.asDouble()}
                : new double[] {t.path(member).asDouble(), p.path(member).asDouble()};
    }
}
