package io.bucketry.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One series' rollup tier window as the tier keeps it: a {@link TierSlice} per set of tags its readings
 * were written with (one, unless the series was re-tagged inside the window), in the order their first
 * reading was stored in time order. A window so split answers a tag filter or a group exactly, whatever
 * the raw retention: each reading stays with the tags it was written with.
 *
 * @param slices at least one, of distinct tags (unmodifiable)
 */
public record TierWindow(SeriesId series, Instant start, Instant end, List<TierSlice> slices) {

    public TierWindow {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        slices = List.copyOf(slices);
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("tier window start " + start + " is not before its end " + end);
        }
        if (slices.isEmpty()) {
            throw new IllegalArgumentException("tier window " + start + " of " + series + " holds no slice; an empty window is not kept");
        }
        if (slices.stream().map(TierSlice::tags).distinct().count() != slices.size()) {
            throw new IllegalArgumentException("tier window " + start + " of " + series + " has two slices of the same tags");
        }
    }

    /** The window of {@code readings} (of {@code series}, inside {@code [start, end)}, in time order); null when there are none. */
    public static TierWindow of(SeriesId series, Instant start, Instant end, List<Reading> readings) {
        Map<Tags, Map<String, FieldSpan>> fields = new LinkedHashMap<>();
        Map<Tags, long[]> counts = new HashMap<>();
        for (Reading reading : readings) {
            Tags tags = reading.meta().tags();
            counts.computeIfAbsent(tags, t -> new long[1])[0]++;
            Map<String, FieldSpan> spans = fields.computeIfAbsent(tags, t -> new HashMap<>());
            Fields values = reading.fields();
            for (int i = 0; i < values.schema().size(); i++) {
                if (!values.isText(i)) {
                    spans.merge(values.schema().name(i), FieldSpan.of(reading.epochMilli(), values.numberAt(i)), FieldSpan::merge);
                }
            }
        }
        if (fields.isEmpty()) {
            return null;
        }
        List<TierSlice> slices = new ArrayList<>(fields.size());
        fields.forEach((tags, spans) -> slices.add(new TierSlice(tags, counts.get(tags)[0], spans)));
        return new TierWindow(series, start, end, slices);
    }

    /** The aggregate of every reading of the window, whatever its tags. */
    public WindowAggregate whole() {
        return merged(TagFilter.ANY);
    }

    /** The aggregate of the readings written with tags that match {@code filter}; null when none does. */
    public WindowAggregate matching(TagFilter filter) {
        return merged(filter);
    }

    private WindowAggregate merged(TagFilter filter) {
        TierSlice merged = null;
        for (TierSlice slice : slices) {
            if (filter.matches(slice.tags())) {
                merged = merged == null ? slice : merged.merge(slice);
            }
        }
        if (merged == null) {
            return null;
        }
        Map<String, FieldAggregate> fields = new HashMap<>();
        merged.fields().forEach((name, span) -> fields.put(name, span.toAggregate()));
        return new WindowAggregate(series, start, end, merged.count(), fields);
    }
}
