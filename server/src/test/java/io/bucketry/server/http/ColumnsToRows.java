package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/** Turns the columnar answers back into the row answers, as a client would, for tests to compare them. */
final class ColumnsToRows {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ColumnsToRows() {
    }

    /** An array of reading blocks as the array of readings. */
    static ArrayNode readings(JsonNode blocks) {
        ArrayNode rows = NODES.arrayNode();
        for (JsonNode block : blocks) {
            rows.addAll(readingsOf(block));
        }
        return rows;
    }

    /** One reading block as its readings. */
    static ArrayNode readingsOf(JsonNode block) {
        ArrayNode rows = NODES.arrayNode();
        JsonNode times = block.get("time");
        for (int row = 0; row < times.size(); row++) {
            ObjectNode reading = rows.addObject();
            reading.put("series", block.get("series").asText());
            reading.put("time", iso(times.get(row)));
            reading.set("fields", valuesAt(block.get("fields"), row));
            if (block.has("measurement")) {
                reading.set("measurement", block.get("measurement"));
            }
            if (block.has("tags")) {
                reading.set("tags", block.get("tags"));
            }
        }
        return rows;
    }

    /** The lastpoint table as the lastpoint page. */
    static ObjectNode lastpoints(JsonNode table) {
        ObjectNode page = NODES.objectNode();
        ArrayNode readings = page.putArray("readings");
        JsonNode series = table.get("series");
        for (int row = 0; row < series.size(); row++) {
            ObjectNode reading = readings.addObject();
            reading.set("series", series.get(row));
            reading.put("time", iso(table.get("time").get(row)));
            reading.set("fields", valuesAt(table.get("fields"), row));
            for (String meta : new String[] {"measurement", "tags"}) {
                if (table.has(meta) && !table.get(meta).get(row).isNull()) {
                    reading.set(meta, table.get(meta).get(row));
                }
            }
        }
        page.set("next", table.get("next"));
        return page;
    }

    /** An array of window blocks as the array of windows. */
    static ArrayNode windows(JsonNode blocks) {
        ArrayNode rows = NODES.arrayNode();
        for (JsonNode block : blocks) {
            String series = block.get("series").asText();
            rows.addAll(windowsOf(block, row -> series));
        }
        return rows;
    }

    /** The table of many series' windows, each series followed by its number of rows, as the array of windows. */
    static ArrayNode windowTable(JsonNode table) {
        List<String> seriesOfRows = new ArrayList<>();
        for (int i = 0; i < table.get("series").size(); i++) {
            seriesOfRows.addAll(Collections.nCopies(table.get("rows").get(i).asInt(), table.get("series").get(i).asText()));
        }
        if (seriesOfRows.size() != table.get("start").size()) {
            throw new AssertionError("rows of the series " + seriesOfRows.size() + ", rows of the columns " + table.get("start").size());
        }
        return windowsOf(table, seriesOfRows::get);
    }

    /** An array of group blocks as the array of groups. */
    static ArrayNode groups(JsonNode blocks) {
        ArrayNode rows = NODES.arrayNode();
        for (JsonNode block : blocks) {
            ObjectNode group = rows.addObject();
            group.set("group", block.get("group"));
            group.set("series", block.get("series"));
            group.set("windows", windowsOf(block, row -> null));
        }
        return rows;
    }

    private static ArrayNode windowsOf(JsonNode block, IntFunction<String> seriesOfRow) {
        ArrayNode rows = NODES.arrayNode();
        for (int row = 0; row < block.get("start").size(); row++) {
            ObjectNode window = rows.addObject();
            String series = seriesOfRow.apply(row);
            if (series != null) {
                window.put("series", series);
            }
            window.put("start", iso(block.get("start").get(row)));
            window.put("end", iso(block.get("end").get(row)));
            window.set("count", block.get("count").get(row));
            ObjectNode fields = window.putObject("fields");
            for (Iterator<Map.Entry<String, JsonNode>> it = block.get("fields").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                ObjectNode stats = NODES.objectNode();
                for (Iterator<Map.Entry<String, JsonNode>> s = field.getValue().fields(); s.hasNext(); ) {
                    Map.Entry<String, JsonNode> stat = s.next();
                    if (!stat.getValue().get(row).isNull()) {
                        stats.set(stat.getKey(), stat.getValue().get(row));
                    }
                }
                if (!stats.isEmpty()) {
                    fields.set(field.getKey(), stats);
                }
            }
            window.put("filled", block.has("filled") && block.get("filled").get(row).asBoolean());
        }
        return rows;
    }

    private static ObjectNode valuesAt(JsonNode columns, int row) {
        ObjectNode values = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = columns.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> column = it.next();
            if (!column.getValue().get(row).isNull()) {
                values.set(column.getKey(), column.getValue().get(row));
            }
        }
        return values;
    }

    private static String iso(JsonNode epochMilli) {
        if (!epochMilli.isIntegralNumber()) {
            throw new AssertionError("a time that is not epoch milliseconds: " + epochMilli);
        }
        return Instant.ofEpochMilli(epochMilli.asLong()).toString();
    }
}
