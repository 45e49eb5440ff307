package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.WindowAggregate;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Window aggregates as columns: {@code "start": [epoch ms…], "end": […], "count": […], "filled": [bool…]?,
 * "fields": {name: {statistic: […]}}}, the statistics those chosen ({@link Statistic}), a window without the
 * field as null in each; {@code "filled"} only when a window was added by a gap fill. One series' windows are a
 * block with its {@code "series"}; the windows of many series one table that names each series once with
 * its number of rows; a group's a block with its {@code "group"}. Written from the windows as they are: nothing is copied.
 */
public final class WindowColumns {

    private WindowColumns() {
    }

    /** {@code windows} as a JSON array of blocks {@code {"series": id, …}}, one per run of windows of one series. */
    public static void write(JsonGenerator out, List<WindowAggregate> windows, Set<Statistic> stats) throws IOException {
        out.writeStartArray();
        int from = 0;
        while (from < windows.size()) {
            int to = from + 1;
            while (to < windows.size() && windows.get(to).series().equals(windows.get(from).series())) {
                to++;
            }
            out.writeStartObject();
            out.writeStringField("series", windows.get(from).series().value());
            writeColumns(out, windows.subList(from, to), stats);
            out.writeEndObject();
            from = to;
        }
        out.writeEndArray();
    }

    /**
     * {@code windows} of any number of series, by series, as one table {@code {"series": [id…], "rows": [n…],
     * "start": […], …}}: each series named once, followed in the columns by its {@code rows} windows.
     */
    public static void writeTable(JsonGenerator out, List<WindowAggregate> windows, Set<Statistic> stats) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("series");
        int[] runs = new int[windows.size()];
        int series = -1;
        for (int i = 0; i < windows.size(); i++) {
            if (i == 0 || !windows.get(i).series().equals(windows.get(i - 1).series())) {
                out.writeString(windows.get(i).series().value());
                series++;
            }
            runs[series]++;
        }
        out.writeEndArray();
        out.writeArrayFieldStart("rows");
        for (int i = 0; i <= series; i++) {
            out.writeNumber(runs[i]);
        }
        out.writeEndArray();
        writeColumns(out, windows, stats);
        out.writeEndObject();
    }

    /** {@code groups} as a JSON array of blocks, one per group: {@code {"group": {key: value | null}, "series": n, …}}. */
    public static void writeGroups(JsonGenerator out, List<GroupWindows> groups, Set<Statistic> stats) throws IOException {
        out.writeStartArray();
        for (GroupWindows group : groups) {
            out.writeStartObject();
            out.writeObjectFieldStart("group");
            for (Map.Entry<String, String> key : group.group().asMap().entrySet()) {
                out.writeStringField(key.getKey(), key.getValue());
            }
            out.writeEndObject();
            out.writeNumberField("series", group.series());
            writeColumns(out, group.windows(), stats);
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void writeColumns(JsonGenerator out, List<WindowAggregate> windows, Set<Statistic> stats)
            throws IOException {
        out.writeArrayFieldStart("start");
        for (WindowAggregate window : windows) {
            out.writeNumber(window.start().toEpochMilli());
        }
        out.writeEndArray();
        out.writeArrayFieldStart("end");
        for (WindowAggregate window : windows) {
            out.writeNumber(window.end().toEpochMilli());
        }
        out.writeEndArray();
        out.writeArrayFieldStart("count");
        boolean anyFilled = false;
        Set<String> names = new LinkedHashSet<>();
        for (WindowAggregate window : windows) {
            out.writeNumber(window.count());
            anyFilled |= window.filled();
            names.addAll(window.fields().keySet());
        }
        out.writeEndArray();
        if (anyFilled) {
            out.writeArrayFieldStart("filled");
            for (WindowAggregate window : windows) {
                out.writeBoolean(window.filled());
            }
            out.writeEndArray();
        }
        out.writeObjectFieldStart("fields");
        FieldAggregate[] column = new FieldAggregate[windows.size()];
        for (String name : names) {
            for (int i = 0; i < column.length; i++) {
                column[i] = windows.get(i).fields().get(name);
            }
            out.writeObjectFieldStart(name);
            for (Statistic stat : stats) {
                out.writeArrayFieldStart(stat.key());
                for (FieldAggregate aggregate : column) {
                    writeValue(out, stat, aggregate);
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }

    private static void writeValue(JsonGenerator out, Statistic stat, FieldAggregate aggregate) throws IOException {
        if (aggregate == null) {
            out.writeNull();
        } else if (stat == Statistic.COUNT) {
            out.writeNumber(aggregate.count());
        } else {
            out.writeNumber(stat.valueOf(aggregate));
        }
    }
}
