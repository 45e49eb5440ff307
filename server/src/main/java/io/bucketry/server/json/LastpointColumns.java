package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.application.port.in.LastpointPage;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Latest readings of many series, one per series, as one table of columns: {@code {"series": [id…],
 * "time": [epoch ms…], "fields": {name: [number | text | null…]}, "measurement": [text | null…]?,
 * "tags": [{…} | null…]?, "next": id | null}}; the meta columns only when a reading has one.
 */
public final class LastpointColumns {

    private LastpointColumns() {
    }

    /*
     * One method per column, each with one loop: the JIT compiles each on its own as it gets hot, where one
     * method of all the loops was compiled again from each loop (on-stack replacement), every time whole.
     */
    public static void write(JsonGenerator out, LastpointPage page) throws IOException {
        List<Reading> readings = page.readings();
        out.writeStartObject();
        out.writeFieldName("series");
        ColumnText column = new ColumnText().start();
        series(column, readings);
        column.write(out);
        out.writeFieldName("time");
        times(column.start(), readings);
        column.write(out);
        out.writeObjectFieldStart("fields");
        for (String name : names(readings)) {
            out.writeFieldName(name);
            field(column.start(), readings, name);
            column.write(out);
        }
        out.writeEndObject();
        if (readings.stream().anyMatch(reading -> reading.meta().measurement() != null)) {
            out.writeArrayFieldStart("measurement");
            measurements(out, readings);
            out.writeEndArray();
        }
        if (readings.stream().anyMatch(reading -> !reading.meta().tags().isEmpty())) {
            out.writeArrayFieldStart("tags");
            tags(out, readings);
            out.writeEndArray();
        }
        out.writeStringField("next", page.next() == null ? null : page.next().value());
        out.writeEndObject();
    }

    private static void series(ColumnText column, List<Reading> readings) {
        for (Reading reading : readings) {
            column.text(reading.series().value());
        }
    }

    private static void times(ColumnText column, List<Reading> readings) {
        for (Reading reading : readings) {
            column.number(reading.epochMilli());
        }
    }

    /** The field names of {@code readings}, in the order they first appear. */
    private static Set<String> names(List<Reading> readings) {
        Set<String> names = new LinkedHashSet<>();
        FieldSchema previous = null;
        for (Reading reading : readings) {
            FieldSchema schema = reading.fields().schema();
            if (schema != previous) {   // the readings of one schema share it: its names are added once
                for (int i = 0; i < schema.size(); i++) {
                    names.add(schema.name(i));
                }
                previous = schema;
            }
        }
        return names;
    }

    private static void field(ColumnText column, List<Reading> readings, String name) {
        FieldSchema previous = null;
        int index = -1;
        for (Reading reading : readings) {
            Fields fields = reading.fields();
            if (fields.schema() != previous) {
                previous = fields.schema();
                index = previous.indexOf(name);
            }
            if (index < 0) {
                column.nothing();
            } else if (fields.isText(index)) {
                column.text(fields.textAt(index));
            } else {
                column.number(fields.numberAt(index));
            }
        }
    }

    private static void measurements(JsonGenerator out, List<Reading> readings) throws IOException {
        for (Reading reading : readings) {
            out.writeString(reading.meta().measurement());
        }
    }

    private static void tags(JsonGenerator out, List<Reading> readings) throws IOException {
        for (Reading reading : readings) {
            if (reading.meta().tags().isEmpty()) {
                out.writeNull();
            } else {
                ColumnBlock.writeTags(out, reading.meta());
            }
        }
    }
}
