package io.bucketry.server.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A reading as JSON: {@code {"series","time","fields":{name: number | text}}}, time as ISO-8601 UTC, and the
 * {@code "measurement"} and {@code "tags"} it was written with where it has them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadingView(String series, String time, Map<String, Object> fields, String measurement,
                          Map<String, String> tags) {

    public static ReadingView of(Reading reading) {
        return of(reading, false);
    }

    /**
     * As {@link #of(Reading)}; with {@code emptyTags}, a reading without tags says so ({@code "tags": {}}), so that
     * read back it is not given its series' latest tags.
     */
    public static ReadingView of(Reading reading, boolean emptyTags) {
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
        SeriesMeta meta = reading.meta();
        return new ReadingView(reading.series().value(), reading.time().toString(), values, meta.measurement(),
                meta.tags().isEmpty() && !emptyTags ? null : meta.tags().values());
    }
}
