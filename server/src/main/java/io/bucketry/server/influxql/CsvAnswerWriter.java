package io.bucketry.server.influxql;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * InfluxDB 1.x's CSV answer ({@code Accept: application/csv}): a header {@code name,tags,<columns>} whenever the
 * columns change, a row {@code name,k=v,…} per value row, times as epoch nanoseconds unless {@code epoch} says
 * otherwise, a blank line between statements. A statement that failed writes {@code error} and its message.
 */
public final class CsvAnswerWriter {

    private final Epoch epoch;

    public CsvAnswerWriter(Epoch epoch) {
        this.epoch = epoch == Epoch.RFC3339 ? Epoch.NS : epoch;
    }

    public void write(List<StatementResult> results, OutputStream out) throws IOException {
        Writer csv = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        for (int r = 0; r < results.size(); r++) {
            if (r > 0) {
                csv.write('\n');
            }
            StatementResult result = results.get(r);
            if (result.error() != null) {
                csv.write("error\n" + field(result.error()) + "\n");
                continue;
            }
            List<String> header = null;
            for (ResultSeries series : result.series()) {
                if (!series.columns().equals(header)) {
                    header = series.columns();
                    csv.write("name,tags," + header.stream().map(CsvAnswerWriter::field).collect(Collectors.joining(",")) + "\n");
                }
                String prefix = field(series.name() == null ? "" : series.name()) + "," + field(tags(series)) + ",";
                for (List<Object> row : series.values()) {
                    StringBuilder line = new StringBuilder(prefix);
                    for (int c = 0; c < row.size(); c++) {
                        Object value = c == 0 && series.timeColumn() ? epoch.format((Long) row.get(c)) : row.get(c);
                        line.append(c == 0 ? "" : ",").append(value == null ? "" : field(text(value)));
                    }
                    csv.write(line.append('\n').toString());
                }
            }
        }
        csv.flush();
    }

    private static String tags(ResultSeries series) {
        if (series.tags() == null) {
            return "";
        }
        return series.tags().entrySet().stream().map(Map.Entry::getKey).map(k -> k + "=" + series.tags().get(k))
                .collect(Collectors.joining(","));
    }

    private static String text(Object value) {
        return value instanceof Double d ? GoNumbers.plain(d) : value.toString();
    }

    /** A CSV field, quoted when it holds a comma, a quote or a line break. */
    private static String field(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
