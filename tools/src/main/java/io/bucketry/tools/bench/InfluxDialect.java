package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.SortedMap;
import java.util.function.Function;

/** InfluxQL over {@code GET /query?epoch=ms}: the four queries as InfluxDB 1.x users write them. */
record InfluxDialect(Function<String, URI> uri) implements Dialect {

    @Override
    public List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException {
        return List.of(Dialect.get(client, uri.apply("/query?db=" + InfluxConfig.DATABASE + "&epoch=ms&q="
                + Dialect.encode(statement(query, spec)))));
    }

    /** The InfluxQL statement of {@code query}; times as epoch nanoseconds. */
    static String statement(PeerQuery query, QuerySpec spec) {
        String m = Encodings.MEASUREMENT;
        String sensor = "id = '" + spec.sensor() + "'";
        String range = "time >= " + spec.from() * 1_000_000 + " AND time < " + spec.to() * 1_000_000;
        return switch (query) {
            case Q1 -> "SELECT temperature, pressure, status FROM " + m + " WHERE " + sensor + " AND " + range;
            case Q2 -> "SELECT mean(temperature), mean(pressure) FROM " + m + " WHERE " + sensor + " AND " + range
                    + " GROUP BY time(5m) fill(none)";
            case Q3 -> "SELECT mean(temperature), mean(pressure) FROM " + m + " WHERE time >= " + spec.recentFrom() * 1_000_000
                    + " AND time < " + spec.to() * 1_000_000 + " GROUP BY time(5m), id fill(none)";
            case Q4 -> "SELECT temperature, pressure, status FROM " + m + " GROUP BY id ORDER BY time DESC LIMIT 1";
        };
    }

    @Override
    public QueryAnswer read(PeerQuery query, List<byte[]> bodies, QuerySpec spec) throws IOException {
        SortedMap<String, double[]> rows = QueryAnswer.newRows();
        JsonNode result = JSON.readTree(bodies.get(0)).path("results").path(0);
        if (result.has("error")) {
            throw new IllegalStateException("influxd refused " + query + ": " + result.path("error").asText());
        }
        for (JsonNode series : result.path("series")) {
            String sensor = series.path("tags").path("id").asText();
            for (JsonNode row : series.path("values")) {
                double[] values = {row.path(1).asDouble(), row.path(2).asDouble()};
                String time = Long.toString(row.path(0).asLong());
                rows.put(switch (query) {
                    case Q1, Q2 -> time;
                    case Q3 -> sensor + "@" + time;
                    case Q4 -> sensor;
                }, values);
            }
        }
        return new QueryAnswer(rows, Dialect.bytes(bodies));
    }
}
