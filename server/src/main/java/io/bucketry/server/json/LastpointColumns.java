package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.application.port.in.LastpointPage;
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
        out.writeArrayFieldStart("series");
        boolean measured = false;
        boolean tagged = false;
        Set<String> names = new LinkedHashSet<>();
        for (Reading reading : readings) {
            out.writeString(reading.series().value());
            measured |= reading.meta().measurement() != null;
            tagged |= !reading.meta().tags().isEmpty();
            for (int i = 0; i < reading.fields().size(); i++) {
                names.add(reading.fields().schema().name(i));
            }
        }
        out.writeEndArray();
        out.writeArrayFieldStart("time");
        for (Reading reading : readings) {
            out.writeNumber(reading.epochMilli());
        }
        out.writeEndArray();
        out.writeObjectFieldStart("fields");
        for (String name : names) {
            out.writeArrayFieldStart(name);
            for (Reading reading : readings) {
                Fields fields = reading.fields();
                int index = fields.schema().indexOf(name);
                if (index < 0) {
                    out.writeNull();
                } else if (fields.isText(index)) {
                    out.writeString(fields.textAt(index));
                } else {
                    out.writeNumber(fields.numberAt(index));
                }
            }
            out.writeEndArray();
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
