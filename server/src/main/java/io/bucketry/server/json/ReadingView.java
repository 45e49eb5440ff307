package io.bucketry.server.json;

import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;

import java.util.LinkedHashMap;
import java.util.Map;

/** A reading as JSON: {@code {"series","time","fields":{name: number | text}}}, time as ISO-8601 UTC. */
public record ReadingView(String series, String time, Map<String, Object> fields) {

    public static ReadingView of(Reading reading) {
        Fields fields = reading.fields();
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < fields.schema().size(); i++) {
            FieldValue value = fields.valueAt(i);
            if (value instanceof FieldValue.Numeric numeric) {
                values.put(fields.schema().name(i), numeric.value());
            } else if (value instanceof FieldValue.Text text) {
                values.put(fields.schema().name(i), text.value());
            }
        }
        return new ReadingView(reading.series().value(), reading.time().toString(), values);
    }
}
