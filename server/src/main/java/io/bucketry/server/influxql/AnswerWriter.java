package io.bucketry.server.influxql;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * InfluxDB 1.x's JSON answer: {@code {"results":[{"statement_id":0,"series":[{"name","tags","columns","values"}]}]}},
 * with an {@code error} in place of the series of a statement that failed. Pretty, it is indented by four spaces
 * as InfluxDB's is; chunked, each statement (and each {@code chunkSize} rows of a series, marked
 * {@code "partial":true} but the last) is an object of its own on its own line.
 */
public final class AnswerWriter {

    private static final JsonFactory JSON = new JsonFactory();

    private final Epoch epoch;
    private final boolean pretty;

    public AnswerWriter(Epoch epoch, boolean pretty) {
        this.epoch = epoch;
        this.pretty = pretty;
    }

    /** The whole answer as one JSON object, ended by a line break as InfluxDB ends it. */
    public void write(List<StatementResult> results, OutputStream out) throws IOException {
        try (JsonGenerator json = generator(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("results");
            for (StatementResult result : results) {
                result(json, result.statementId(), result.series(), result.error(), false, false);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write('\n');
    }

    /** The answer as one JSON object per line: per statement, and per {@code chunkSize} rows of a series. */
    public void writeChunked(List<StatementResult> results, int chunkSize, OutputStream out) throws IOException {
        for (StatementResult result : results) {
            if (result.series().isEmpty()) {
                chunk(out, result.statementId(), List.of(), result.error(), false, false);
                continue;
            }
            for (int s = 0; s < result.series().size(); s++) {
                ResultSeries series = result.series().get(s);
                List<List<Object>> rows = series.values();
                for (int from = 0; from < rows.size() || from == 0; from += chunkSize) {
                    int to = Math.min(rows.size(), from + chunkSize);
                    boolean partialSeries = to < rows.size();
                    ResultSeries piece = new ResultSeries(series.name(), series.tags(), series.columns(),
                            series.timeColumn(), rows.subList(from, to));
                    chunk(out, result.statementId(), List.of(piece), null, partialSeries,
                            partialSeries || s < result.series().size() - 1);
                    if (rows.isEmpty()) {
                        break;
                    }
                }
            }
        }
    }

    private void chunk(OutputStream out, int id, List<ResultSeries> series, String error, boolean seriesPartial,
                       boolean partial) throws IOException {
        try (JsonGenerator json = generator(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("results");
            result(json, id, series, error, seriesPartial, partial);
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write('\n');
    }

    private JsonGenerator generator(OutputStream out) throws IOException {
        JsonGenerator json = JSON.createGenerator(out);
        json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
        if (pretty) {
            DefaultIndenter indent = new DefaultIndenter("    ", "\n");
            json.setPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("").withArrayEmptySeparator(""))
                    .withObjectIndenter(indent).withArrayIndenter(indent));
        }
        return json;
    }

    private void result(JsonGenerator json, int id, List<ResultSeries> series, String error, boolean seriesPartial,
                        boolean partial) throws IOException {
        json.writeStartObject();
        json.writeNumberField("statement_id", id);
        if (!series.isEmpty()) {
            json.writeArrayFieldStart("series");
            for (ResultSeries one : series) {
                series(json, one, seriesPartial);
            }
            json.writeEndArray();
        }
        if (error != null) {
            json.writeStringField("error", error);
        }
        if (partial) {
            json.writeBooleanField("partial", true);
        }
        json.writeEndObject();
    }

    private void series(JsonGenerator json, ResultSeries series, boolean partial) throws IOException {
        json.writeStartObject();
        if (series.name() != null) {
            json.writeStringField("name", series.name());
        }
        if (series.tags() != null) {
            json.writeObjectFieldStart("tags");
            for (Map.Entry<String, String> tag : series.tags().entrySet()) {
                json.writeStringField(tag.getKey(), tag.getValue());
            }
            json.writeEndObject();
        }
        json.writeArrayFieldStart("columns");
        for (String column : series.columns()) {
            json.writeString(column);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("values");
        for (List<Object> row : series.values()) {
            json.writeStartArray();
            for (int c = 0; c < row.size(); c++) {
                value(json, c == 0 && series.timeColumn() ? epoch.format((Long) row.get(c)) : row.get(c));
            }
            json.writeEndArray();
        }
        json.writeEndArray();
        if (partial) {
            json.writeBooleanField("partial", true);
        }
        json.writeEndObject();
    }

    private static void value(JsonGenerator json, Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Double d) {
            json.writeNumber(GoNumbers.format(d));
        } else if (value instanceof Long l) {
            json.writeNumber(l);
        } else if (value instanceof Boolean b) {
            json.writeBoolean(b);
        } else {
            json.writeString(value.toString());
        }
    }
}
