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

    public static void write(JsonGenerator out, LastpointPage page) throws IOException {
        List<Reading> readings = page.readings();
        out.writeStartObject();
        out.writeFieldName("series");
        ColumnText column = new ColumnText().start();
        boolean measured = false;
        boolean tagged = false;
        Set<String> names = new LinkedHashSet<>();
        FieldSchema previous = null;
        for (Reading reading : readings) {
            column.text(reading.series().value());
            measured |= reading.meta().measurement() != null;
            tagged |= !reading.meta().tags().isEmpty();
            FieldSchema schema = reading.fields().schema();
            if (schema != previous) {   // the readings of one schema share it: its names are added once
                for (int i = 0; i < schema.size(); i++) {
                    names.add(schema.name(i));
                }
                previous = schema;
            }
        }
        column.write(out);
        out.writeFieldName("time");
        column.start();
        for (Reading reading : readings) {
            column.number(reading.epochMilli());
        }
        column.write(out);
        out.writeObjectFieldStart("fields");
        for (String name : names) {
            out.writeFieldName(name);
            column.start();
            previous = null;
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
            column.write(out);
        }
        out.writeEndObject();
        if (measured) {
            out.writeArrayFieldStart("measurement");
            for (Reading reading : readings) {
                out.writeString(reading.meta().measurement());
            }
            out.writeEndArray();
        }
        if (tagged) {
            out.writeArrayFieldStart("tags");
            for (Reading reading : readings) {
                if (reading.meta().tags().isEmpty()) {
                    out.writeNull();
                } else {
                    ColumnBlock.writeTags(out, reading.meta());
                }
            }
            out.writeEndArray();
        }
        out.writeStringField("next", page.next() == null ? null : page.next().value());
        out.writeEndObject();
    }
}
