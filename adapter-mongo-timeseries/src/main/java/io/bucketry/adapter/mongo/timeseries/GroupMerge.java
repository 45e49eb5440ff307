package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagGroup;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Merges the per-series windows of {@link WindowPipeline#forGroups} (in series id order) into windows per
 * group, as {@link io.bucketry.domain.GroupAggregator} states the merge: counts and sums add in series id
 * order, min and max combine, first and last by time, ties to the smallest series id for first and the
 * largest for last. The server reduces each series' readings to its windows; only those cross the wire.
 */
final class GroupMerge {

    private final GroupBy groupBy;
    private final long width;
    private final MetaField meta;
    private final Map<TagGroup, Group> groups = new HashMap<>();
    private long windows;

    GroupMerge(GroupBy groupBy, long width, MetaField meta) {
        this.groupBy = groupBy;
        this.width = width;
        this.meta = meta;
    }

    /** Adds one series window; answers the group windows so far (what a limit counts). */
    long add(Document seriesWindow) {
        Document key = seriesWindow.get("_id", Document.class);
        SeriesId series = new SeriesId(key.getString("s"));
        Document values = key.get("g", Document.class);
        List<String> tags = new ArrayList<>(groupBy.keys().size());
        for (String name : groupBy.keys()) {
            tags.add(values == null || values.get(name) == null ? null : String.valueOf(values.get(name)));
        }
        Group group = groups.computeIfAbsent(new TagGroup(groupBy.keys(), tags), g -> new Group(series));
        if (!series.equals(group.last)) {
            group.last = series;
            group.series++;
        }
        long start = key.get("w", Number.class).longValue();
        Window window = group.windows.computeIfAbsent(start, s -> {
            windows++;
            return new Window();
        });
        for (Document field : seriesWindow.getList("fields", Document.class)) {
            String stored = field.getString("k");
            long n = field.get("n", Number.class).longValue();
            if (ReadingDocuments.TIME.equals(stored)) {
                window.count += n;
                continue;
            }
            String name = ReadingDocuments.fieldName(stored, meta);
            if (name != null) {
                window.fields.computeIfAbsent(name, f -> new Field()).merge(field, n);
            }
        }
        return windows;
    }

    /** The groups in {@link TagGroup} order, each with its windows in start order. */
    List<GroupWindows> result() {
        List<GroupWindows> out = new ArrayList<>(groups.size());
        new TreeMap<>(groups).forEach((tags, group) -> {
            List<WindowAggregate> list = new ArrayList<>(group.windows.size());
            group.windows.forEach((start, window) -> {
                Map<String, FieldAggregate> fields = new HashMap<>();
                window.fields.forEach((name, f) -> fields.put(name, new FieldAggregate(f.n, f.min, f.max, f.sum, f.first, f.last)));
                list.add(new WindowAggregate(group.first, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width),
                        window.count, fields));
            });
            out.add(new GroupWindows(tags, group.series, list));
        });
        return out;
    }

    private static final class Group {
        final SeriesId first;
        SeriesId last;
        int series;
        final TreeMap<Long, Window> windows = new TreeMap<>();

        Group(SeriesId first) {
            this.first = first;
        }
    }

    private static final class Window {
        long count;
        final Map<String, Field> fields = new HashMap<>();
    }

    private static final class Field {
        long n;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum;
        double first;
        double last;
        long firstTime = Long.MAX_VALUE;
        long lastTime = Long.MIN_VALUE;

        /** Merges the window of a series after every series merged so far. */
        void merge(Document field, long count) {
            n += count;
            min = Math.min(min, number(field, "min"));
            max = Math.max(max, number(field, "max"));
            sum += number(field, "sum");
            long ft = field.get("ft", Number.class).longValue();
            long lt = field.get("lt", Number.class).longValue();
            if (ft < firstTime) {
                firstTime = ft;
                first = number(field, "first");
            }
            if (lt >= lastTime) {
                lastTime = lt;
                last = number(field, "last");
            }
        }

        private static double number(Document field, String name) {
            return field.get(name, Number.class).doubleValue();
        }
    }
}
