package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.WindowAggregate;

import java.io.IOException;
import java.util.Iterator;
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
        out.writeFieldName("series");
        ColumnText column = new ColumnText().start();
        int[] runs = new int[windows.size()];
        int series = series(column, windows, runs);
        column.write(out);
        out.writeFieldName("rows");
        rows(column.start(), runs, series);
        column.write(out);
        writeColumns(out, windows, stats);
        out.writeEndObject();
    }

    /** Appends the id of each run of windows of one series, counts each run's windows in {@code runs}; answers how many. */
    private static int series(ColumnText column, List<WindowAggregate> windows, int[] runs) {
        int series = 0;
        for (int i = 0; i < windows.size(); i++) {
            if (i == 0 || !windows.get(i).series().equals(windows.get(i - 1).series())) {
                column.text(windows.get(i).series().value());
                series++;
            }
            runs[series - 1]++;
        }
        return series;
    }

    private static void rows(ColumnText column, int[] runs, int series) {
        for (int i = 0; i < series; i++) {
            column.number(runs[i]);
        }
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

    /*
     * One method per column, each with one loop: the JIT compiles each on its own as it gets hot, where one
     * method of all the loops was compiled again from each loop (on-stack replacement), every time whole.
     */
    private static void writeColumns(JsonGenerator out, List<WindowAggregate> windows, Set<Statistic> stats)
            throws IOException {
        ColumnText column = new ColumnText();
        out.writeFieldName("start");
        starts(column.start(), windows);
        column.write(out);
        out.writeFieldName("end");
        ends(column.start(), windows);
        column.write(out);
        out.writeFieldName("count");
        counts(column.start(), windows);
        column.write(out);
        if (anyFilled(windows)) {
            out.writeFieldName("filled");
            filled(column.start(), windows);
            column.write(out);
        }
        out.writeObjectFieldStart("fields");
        FieldAggregate[] aggregates = new FieldAggregate[windows.size()];
        for (String name : names(windows)) {
            field(windows, name, aggregates);
            out.writeObjectFieldStart(name);
            for (Statistic stat : stats) {
                out.writeFieldName(stat.key());
                column.start();
                if (stat == Statistic.COUNT) {
                    counts(column, aggregates);
                } else {
                    values(column, aggregates, stat);
                }
                column.write(out);
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }

    private static void starts(ColumnText column, List<WindowAggregate> windows) {
        for (WindowAggregate window : windows) {
            column.number(window.start().toEpochMilli());
        }
    }

    private static void ends(ColumnText column, List<WindowAggregate> windows) {
        for (WindowAggregate window : windows) {
            column.number(window.end().toEpochMilli());
        }
    }

    private static void counts(ColumnText column, List<WindowAggregate> windows) {
        for (WindowAggregate window : windows) {
            column.number(window.count());
        }
    }

    private static boolean anyFilled(List<WindowAggregate> windows) {
        for (WindowAggregate window : windows) {
            if (window.filled()) {
                return true;
            }
        }
        return false;
    }

    private static void filled(ColumnText column, List<WindowAggregate> windows) {
        for (WindowAggregate window : windows) {
            column.bool(window.filled());
        }
    }

    /** The field names of {@code windows}, in the order they first appear. */
    private static Set<String> names(List<WindowAggregate> windows) {
        Set<String> names = new LinkedHashSet<>();
        Map<String, FieldAggregate> previous = null;
        for (WindowAggregate window : windows) {
            if (previous == null || !sameNames(previous, window.fields())) {
                names.addAll(window.fields().keySet());
                previous = window.fields();
            }
        }
        return names;
    }

    /** Fills {@code into} with each window's aggregate of field {@code name} (null where it has none). */
    private static void field(List<WindowAggregate> windows, String name, FieldAggregate[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = windows.get(i).fields().get(name);
        }
    }

    private static void counts(ColumnText column, FieldAggregate[] aggregates) {
        for (FieldAggregate aggregate : aggregates) {
            if (aggregate == null) {
                column.nothing();
            } else {
                column.number(aggregate.count());
            }
        }
    }

    private static void values(ColumnText column, FieldAggregate[] aggregates, Statistic stat) {
        for (FieldAggregate aggregate : aggregates) {
            if (aggregate == null) {
                column.nothing();
            } else {
                column.number(stat.valueOf(aggregate));
            }
        }
    }

    /** Whether {@code a} and {@code b} have the same names in the same order. */
    private static boolean sameNames(Map<String, FieldAggregate> a, Map<String, FieldAggregate> b) {
        if (a == b) {
            return true;
        }
        if (a.size() != b.size()) {
            return false;
        }
        Iterator<String> other = b.keySet().iterator();
        for (String name : a.keySet()) {
            if (!name.equals(other.next())) {
                return false;
            }
        }
        return true;
    }
}
