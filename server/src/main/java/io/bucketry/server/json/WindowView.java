package io.bucketry.server.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.WindowAggregate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A window aggregate as JSON: series, start, end, count, per numeric field count/min/max/sum/avg/first/last,
 * of them those chosen ({@link Statistic}), and {@code filled} (true for an empty window a gap fill added).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WindowView(String series, String start, String end, long count, Map<String, FieldView> fields,
                         boolean filled) {

    /** One numeric field's aggregate over a window: the statistics chosen, the others null and left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FieldView(Long count, Double min, Double max, Double sum, Double avg, Double first, Double last) {
    }

    /** {@code window} with the statistics {@code stats} of its fields. */
    public static WindowView of(WindowAggregate window, Set<Statistic> stats) {
        Map<String, FieldView> fields = new LinkedHashMap<>();
        window.fields().forEach((name, a) -> fields.put(name, view(a, stats)));
        return new WindowView(window.series().value(), window.start().toString(), window.end().toString(),
                window.count(), fields, window.filled());
    }

    /** This window without its series (a group's window, which merges several). */
    public WindowView withoutSeries() {
        return new WindowView(null, start, end, count, fields, filled);
    }

    private static FieldView view(FieldAggregate a, Set<Statistic> stats) {
        return new FieldView(stats.contains(Statistic.COUNT) ? a.count() : null, pick(a, stats, Statistic.MIN),
                pick(a, stats, Statistic.MAX), pick(a, stats, Statistic.SUM), pick(a, stats, Statistic.AVG),
                pick(a, stats, Statistic.FIRST), pick(a, stats, Statistic.LAST));
    }

    private static Double pick(FieldAggregate a, Set<Statistic> stats, Statistic stat) {
        return stats.contains(stat) ? stat.valueOf(a) : null;
    }
}
