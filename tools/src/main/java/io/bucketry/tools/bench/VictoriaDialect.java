package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * VictoriaMetrics' Prometheus API and MetricsQL. Line protocol makes a metric per field
 * ({@code sensor_temperature{id="…"}}). Q1 is {@code /api/v1/export} (the raw samples); Q2 and Q3 are
 * {@code avg_over_time(…[5m])} evaluated 1 ms before each window's end, so that its window
 * {@code (t-5m, t]} is Bucketry's {@code [start, start+5m)}, without the result cache that would
 * otherwise round the start to the step ({@code nocache=1}); Q4 is {@code last_over_time(…[1d])},
 * which answers values, not their times.
 */
record VictoriaDialect(Function<String, URI> uri) implements Dialect {

    private static final String BOTH = "{__name__=~\"" + Encodings.MEASUREMENT + "_(temperature|pressure)\"";

    @Override
    public List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException {
        String sensor = "id=\"" + spec.sensor() + "\"";
        String last = seconds(spec.to() - 1);
        return List.of(Dialect.get(client, uri.apply(switch (query) {
            case Q1 -> "/api/v1/export?match[]=" + Dialect.encode("{" + sensor + "}") + "&start=" + seconds(spec.from())
                    + "&end=" + last;
            case Q2 -> "/api/v1/query_range?nocache=1&step=5m&query=" + Dialect.encode("avg_over_time(" + BOTH + "," + sensor
                    + "}[5m]) keep_metric_names") + "&start=" + seconds(spec.from() + QuerySpec.WINDOW - 1) + "&end=" + last;
            case Q3 -> "/api/v1/query_range?nocache=1&step=5m&query=" + Dialect.encode("avg_over_time(" + BOTH
                    + "}[5m]) keep_metric_names") + "&start=" + seconds(spec.recentFrom() + QuerySpec.WINDOW - 1) + "&end=" + last;
            case Q4 -> "/api/v1/query?query=" + Dialect.encode("last_over_time(" + BOTH + "}[1d]) keep_metric_names")
                    + "&time=" + last;
        })));
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%d.%03d", Math.floorDiv(millis, 1000), Math.floorMod(millis, 1000));
    }

    @Override
    public QueryAnswer read(PeerQuery query, List<byte[]> bodies, QuerySpec spec) throws IOException {
        Map<String, double[]> rows = new HashMap<>();
        if (query == PeerQuery.Q1) {
            try (MappingIterator<JsonNode> lines = JSON.readerFor(JsonNode.class).readValues(bodies.get(0))) {
                while (lines.hasNext()) {
                    JsonNode line = lines.next();
                    int field = field(line.path("metric"));
                    for (int i = 0; field >= 0 && i < line.path("timestamps").size(); i++) {
                        put(rows, line.path("timestamps").path(i).asText(), field, line.path("values").path(i).asDouble());
                    }
                }
            }
        } else {
            for (JsonNode series : JSON.readTree(bodies.get(0)).path("data").path("result")) {
                int field = field(series.path("metric"));
                String sensor = series.path("metric").path("id").asText();
                if (query == PeerQuery.Q4) {
                    put(rows, sensor, field, series.path("value").path(1).asDouble());
                }
                for (JsonNode point : series.path("values")) {
                    long start = Math.round(point.path(0).asDouble() * 1000) + 1 - QuerySpec.WINDOW;
                    put(rows, query == PeerQuery.Q2 ? Long.toString(start) : sensor + "@" + start, field, point.path(1).asDouble());
                }
            }
        }
        SortedMap<String, double[]> sorted = QueryAnswer.newRows();
        sorted.putAll(rows);
        return new QueryAnswer(sorted, Dialect.bytes(bodies));
    }

    /** 0 for temperature, 1 for pressure, -1 for another metric (the text field, which VictoriaMetrics keeps as 0). */
    private static int field(JsonNode metric) {
        return switch (metric.path("__name__").asText()) {
            case Encodings.MEASUREMENT + "_temperature" -> 0;
            case Encodings.MEASUREMENT + "_pressure" -> 1;
            default -> -1;
        };
    }

    private static void put(Map<String, double[]> rows, String key, int field, double value) {
        if (field >= 0) {
            rows.computeIfAbsent(key, k -> new double[2])[field] = value;
        }
    }
}
