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
import java.util.function.ToDoubleFunction;

/**
 * Window aggregates as columns: per series (or group) one block {@code {"series", "start": [epoch ms…],
 * "end": […], "count": […], "filled": [bool…]?, "fields": {name: {"count", "min", "max", "sum", "avg",
 * "first", "last"}: […]}}}, a window without the field as null in each; {@code "filled"} only when a
 * window of the block was added by a gap fill. Written from the windows as they are: nothing is copied.
 */
public final class WindowColumns {

    private static final List<String> STATS = List.of("count", "min", "max", "sum", "avg", "first", "last");
    private static final List<ToDoubleFunction<FieldAggregate>> VALUES = List.of(a -> a.count(), FieldAggregate::min,
            FieldAggregate::max, FieldAggregate::sum, FieldAggregate::avg, FieldAggregate::first, FieldAggregate::last);

    private WindowColumns() {
    }

    /** {@code windows} as a JSON array of blocks, one per run of windows of one series. */
    public static void write(JsonGenerator out, List<WindowAggregate> windows) throws IOException {
        out.writeStartArray();
        int from = 0;
        while (from < windows.size()) {
            int to = from + 1;
            while (to < windows.size() && windows.get(to).series().equals(windows.get(from).series())) {
                to++;
            }
            out.writeStartObject();
            out.writeStringField("series", windows.get(from).series().value());
            writeColumns(out, windows.subList(from, to));
            out.writeEndObject();
            from = to;
        }
        out.writeEndArray();
    }

    /** {@code groups} as a JSON array of blocks, one per group: {@code {"group": {key: value | null}, "series": n, …}}. */
    public static void writeGroups(JsonGenerator out, List<GroupWindows> groups) throws IOException {
        out.writeStartArray();
        for (GroupWindows group : groups) {
            out.writeStartObject();
            out.writeObjectFieldStart("group");
            for (Map.Entry<String, String> key : group.group().asMap().entrySet()) {
                out.writeStringField(key.getKey(), key.getValue());
            }
            out.writeEndObject();
            out.writeNumberField("series", group.series());
            writeColumns(out, group.windows());
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private static void writeColumns(JsonGenerator out, List<WindowAggregate> windows) throws IOException {
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
        for (String name : names) {
            out.writeObjectFieldStart(name);
            for (int stat = 0; stat < STATS.size(); stat++) {
                out.writeArrayFieldStart(STATS.get(stat));
                for (WindowAggregate window : windows) {
                    FieldAggregate aggregate = window.fields().get(name);
                    if (aggregate == null) {
                        out.writeNull();
                    } else if (stat == 0) {
                        out.writeNumber(aggregate.count());
                    } else {
                        out.writeNumber(VALUES.get(stat).applyAsDouble(aggregate));
                    }
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}
