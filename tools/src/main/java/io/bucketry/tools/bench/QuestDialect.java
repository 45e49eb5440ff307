package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.function.Function;

/** QuestDB's SQL over {@code GET /exec}: {@code SAMPLE BY} for the windows, {@code LATEST ON} for the lastpoints. */
record QuestDialect(Function<String, URI> uri) implements Dialect {

    @Override
    public List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException {
        return List.of(Dialect.get(client, uri.apply("/exec?query=" + Dialect.encode(statement(query, spec)))));
    }

    /** The SQL of {@code query}; every answer's columns are a key's parts, then temperature and pressure. */
    static String statement(PeerQuery query, QuerySpec spec) {
        String m = Encodings.MEASUREMENT;
        String sensor = "id = '" + spec.sensor() + "'";
        String range = "timestamp >= '" + Instant.ofEpochMilli(spec.from()) + "' AND timestamp < '" + Instant.ofEpochMilli(spec.to()) + "'";
        return switch (query) {
            case Q1 -> "SELECT timestamp, temperature, pressure, status FROM " + m + " WHERE " + sensor + " AND " + range;
            case Q2 -> "SELECT timestamp, avg(temperature), avg(pressure) FROM " + m + " WHERE " + sensor + " AND " + range
                    + " SAMPLE BY 5m ALIGN TO CALENDAR";
            case Q3 -> "SELECT timestamp, id, avg(temperature), avg(pressure) FROM " + m + " WHERE timestamp >= '"
                    + Instant.ofEpochMilli(spec.recentFrom()) + "' AND timestamp < '" + Instant.ofEpochMilli(spec.to())
                    + "' SAMPLE BY 5m ALIGN TO CALENDAR";
            case Q4 -> "SELECT id, temperature, pressure, status, timestamp FROM " + m + " LATEST ON timestamp PARTITION BY id";
        };
    }

    @Override
    public QueryAnswer read(PeerQuery query, List<byte[]> bodies, QuerySpec spec) throws IOException {
        JsonNode answer = JSON.readTree(bodies.get(0));
        if (answer.has("error")) {
            throw new IllegalStateException("QuestDB refused " + query + ": " + answer.path("error").asText());
        }
        SortedMap<String, double[]> rows = QueryAnswer.newRows();
        for (JsonNode row : answer.path("dataset")) {
            switch (query) {
                case Q1, Q2 -> rows.put(millis(row.path(0)), new double[] {row.path(1).asDouble(), row.path(2).asDouble()});
                case Q3 -> rows.put(row.path(1).asText() + "@" + millis(row.path(0)),
                        new double[] {row.path(2).asDouble(), row.path(3).asDouble()});
                case Q4 -> rows.put(row.path(0).asText(), new double[] {row.path(1).asDouble(), row.path(2).asDouble()});
            }
        }
        return new QueryAnswer(rows, Dialect.bytes(bodies));
    }

    private static String millis(JsonNode time) {
        return Long.toString(Instant.parse(time.asText()).toEpochMilli());
    }
}
