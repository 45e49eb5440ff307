package io.bucketry.server.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.WindowAggregate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A window aggregate as JSON: series, start, end, count, per numeric field count/min/max/sum/avg/first/last,
 * and {@code filled} (true for an empty window a gap fill added).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WindowView(String series, String start, String end, long count, Map<String, FieldView> fields,
                         boolean filled) {

    /** One numeric field's aggregate over a window. */
    public record FieldView(long count, double min, double max, double sum, double avg, double first, double last) {
    }

    public static WindowView of(WindowAggregate window) {
        Map<String, FieldView> fields = new LinkedHashMap<>();
        window.fields().forEach((name, a) -> fields.put(name, view(a)));
        return new WindowView(window.series().value(), window.start().toString(), window.end().toString(),
                window.count(), fields, window.filled());
    }

    /** This window without its series (a group's window, which merges several). */
    public WindowView withoutSeries() {
        return new WindowView(null, start, end, count, fields, filled);
    }

    private static FieldView view(FieldAggregate a) {
        return new FieldView(a.count(), a.min(), a.max(), a.sum(), a.avg(), a.first(), a.last());
    }
}
