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
 * Q3 {@code GET /v1/aggregates}, Q4 {@code GET /v1/latest} (one call per 1,000 series); Q2 and Q3 with
 * {@code stats=avg}, the one statistic the peers answer. In rows, or with {@code columns} each asked with
 * {@code format=columns} and read from its columns: blocks, Q3's one table naming each series once with its
 * number of rows (or a block per series, as a version before the table answers), Q4's one table.
 */
record BucketryDialect(Function<String, URI> uri, boolean columns) implements Dialect {

    /** The 5-minute windows' averages alone (a version without {@code stats=} answers every statistic). */
    private static final String AVERAGES = "&window=5m&stats=avg";

    /** The row form, the API's default. */
    BucketryDialect(Function<String, URI> uri) {
        this(uri, false);
    }

    @Override
    public List<byte[]> ask(HttpClient client, PeerQuery query, QuerySpec spec) throws IOException, InterruptedException {
        String series = Encodings.seriesOf(spec.sensor());
        String range = "from=" + spec.from() + "&to=" + spec.to();
        String form = columns ? "&format=columns" : "";
        return switch (query) {
            case Q1 -> List.of(Dialect.get(client, uri.apply("/v1/series/" + series + "/readings?" + range + "&limit=100000" + form)));
            case Q2 -> List.of(Dialect.get(client, uri.apply("/v1/series/" + series + "/aggregates?" + range + AVERAGES + form)));
            case Q3 -> List.of(Dialect.get(client, uri.apply("/v1/aggregates?from=" + spec.recentFrom() + "&to=" + spec.to()
                    + AVERAGES + form)));
            case Q4 -> lastpoints(client, form);
        };
    }

    private List<byte[]> lastpoints(HttpClient client, String form) throws IOException, InterruptedException {
        List<byte[]> pages = new ArrayList<>();
        String after = "";
        do {
            byte[] page = Dialect.get(client, uri.apply("/v1/latest?prefix=" + Encodings.MEASUREMENT + ".&limit=1000" + form
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
            if (columns) {
                readColumns(query, answer, rows);
                continue;
            }
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

    /** The rows of a columnar answer: blocks of readings or windows, or Q4's one table of series. */
    private static void readColumns(PeerQuery query, JsonNode answer, SortedMap<String, double[]> rows) {
        if (query == PeerQuery.Q4) {
            JsonNode series = answer.path("series");
            for (int i = 0; i < series.size(); i++) {
                rows.put(sensor(series.get(i)), valuesAt(answer.path("fields"), "", i));
            }
            return;
        }
        if (query == PeerQuery.Q3 && answer.isObject()) {
            JsonNode series = answer.path("series");
            int row = 0;
            for (int i = 0; i < series.size(); i++) {
                for (int end = row + answer.path("rows").path(i).asInt(); row < end; row++) {
                    rows.put(sensor(series.get(i)) + "@" + answer.path("start").path(row).asLong(),
                            valuesAt(answer.path("fields"), "avg", row));
                }
            }
            if (row != answer.path("start").size()) {
                throw new IllegalStateException("Q3's table gives its series " + row + " rows of its "
                        + answer.path("start").size() + " windows");
            }
            return;
        }
        for (JsonNode block : answer) {
            JsonNode keys = block.path(query == PeerQuery.Q1 ? "time" : "start");
            String prefix = query == PeerQuery.Q3 ? sensor(block.path("series")) + "@" : "";
            for (int i = 0; i < keys.size(); i++) {
                rows.put(prefix + keys.get(i).asLong(), valuesAt(block.path("fields"), query == PeerQuery.Q1 ? "" : "avg", i));
            }
        }
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

    /** As {@link #values}, of row {@code i} of columns. */
    private static double[] valuesAt(JsonNode fields, String member, int i) {
        JsonNode t = member.isEmpty() ? fields.path("temperature") : fields.path("temperature").path(member);
        JsonNode p = member.isEmpty() ? fields.path("pressure") : fields.path("pressure").path(member);
        return new double[] {t.path(i).asDouble(), p.path(i).asDouble()};
    }
}
