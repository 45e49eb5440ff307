package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The targets Grafana may pick: {@code series:field} for the first {@value #SERIES} series whose
 * id starts with the typed text (the series listing's order), with the fields of each series'
 * latest reading; a text typed past a colon ({@code sensor-1:te}) also looks up that series itself.
 * A text that is empty or starts with {@code *} lists {@code *:field} (every series) for each field of
 * the first {@value #SERIES} series, numeric where any of them has it numeric.
 */
final class GrafanaCatalog {

    /** Series looked at per search: one listing page and one latest reading each. */
    static final int SERIES = 100;

    private final UseCases useCases;

    GrafanaCatalog(UseCases useCases) {
        this.useCases = useCases;
    }

    /** One pickable target and whether its field is numeric (a graph) or a text (an annotation). */
    record Entry(String target, boolean numeric) {
    }

    /** The targets starting with {@code typed} (null or blank: all), in target order. */
    List<Entry> search(String typed) {
        String text = typed == null ? "" : typed.strip();
        boolean every = text.startsWith(GrafanaTarget.EVERY);
        Set<SeriesId> series = new LinkedHashSet<>();
        int colon = text.lastIndexOf(':');
        if (colon > 0 && SeriesId.problem(text.substring(0, colon)) == null) {
            series.add(SeriesId.of(text.substring(0, colon)));
        }
        for (SeriesSummary summary : useCases.series().list(every ? "" : text, null, SERIES).series()) {
            series.add(summary.series());
        }
        Map<String, Entry> found = new TreeMap<>();
        for (SeriesId id : series) {
            useCases.latest().latest(id).ifPresent(reading -> {
                for (Map.Entry<String, FieldValue> field : reading.fields().entrySet()) {
                    boolean numeric = field.getValue() instanceof FieldValue.Numeric;
                    String target = id.value() + ":" + field.getKey();
                    if (!every && target.startsWith(text)) {
                        found.put(target, new Entry(target, numeric));
                    }
                    String all = GrafanaTarget.EVERY + ":" + field.getKey();
                    if (all.startsWith(text)) {
                        found.merge(all, new Entry(all, numeric), (was, now) -> was.numeric() ? was : now);
                    }
                }
            });
        }
        return new ArrayList<>(found.values());
    }
}
