package io.bucketry.server.influxql;

import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.server.influxql.SelectPlan.Column;
import io.bucketry.server.influxql.Statement.Select;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A SELECT of count, min, max, sum, mean, first or last, per window of GROUP BY time (or over the whole
 * range), per output series. The windows come from Bucketry's window aggregates (windows of the GROUP BY
 * interval, or of its greatest common divisor with the offset, merged into the offset's windows): of all the
 * statement's series in one store call where {@link StoreWideAggregates} can, else series by series; where a
 * group of several series asks first or last, the readings themselves are read instead; a lone selector
 * without GROUP BY time finds its reading through {@link SelectorSearch}. At most {@code maxWindows} output
 * windows, and as many readings.
 */
final class AggregateSelect {

    private static final long DAY = 86_400_000L;

    private final ReadReadingsUseCase readings;
    private final AggregateSeriesUseCase aggregates;
    private final int maxWindows;
    private final SelectorSearch selectors;
    private final StoreWideAggregates storeWide;

    AggregateSelect(ReadReadingsUseCase readings, AggregateSeriesUseCase aggregates, StoreWideAggregates storeWide,
                    int maxWindows) {
        this.readings = readings;
        this.aggregates = aggregates;
        this.storeWide = storeWide;
        this.maxWindows = maxWindows;
        this.selectors = new SelectorSearch(readings, aggregates);
    }

    /**
     * The output series of {@code groups}; {@code filter} is the part of the tag condition the store evaluates,
     * {@code groupsServed} false where the store keeps no tags (no grouped aggregates).
     */
    List<ResultSeries> run(Select select, SelectPlan plan, Selection selection, List<Group> groups, Conditions conditions,
                           Span span, TagFilter filter, boolean groupsServed) {
        Grid grid = grid(select, groups, span);
        if (grid == null) {
            return List.of();
        }
        Set<String> named = plan.namedFields();
        int budget = maxWindows;
        boolean selectorOnly = grid.interval == 0 && plan.singleSelector();
        List<List<WindowAggregate>> pushed = selectorOnly || groups.stream().anyMatch(g -> exact(plan, g)) ? null
                : storeWide.windows(filter, groups, span, window(grid, span), groupsServed);
        List<Map<String, Cell[]>> folded = new ArrayList<>(groups.size());
        SortedSet<String> found = new TreeSet<>();
        for (int g = 0; g < groups.size(); g++) {
            Group group = groups.get(g);
            Map<String, Cell[]> cells = new HashMap<>();
            if (pushed != null) {
                pushed.get(g).forEach(aggregate -> fold(aggregate, grid, named, cells));
            } else if (selectorOnly) {
                SelectPlan.Item item = plan.items.get(0);
                Cell picked = selectors.pick(group, span, item.function(), item.field(), budget, maxWindows);
                if (picked != null) {
                    cells.put(item.field(), new Cell[] {picked});
                }
            } else if (exact(plan, group)) {
                budget -= readEach(group, span, grid, named, cells, budget);
            } else {
                aggregateEach(group, span, grid, named, cells);
            }
            found.addAll(cells.keySet());
            folded.add(cells);
        }
        List<Column> columns = plan.columns(found, new TreeSet<>(), Set.of());
        List<String> names = new ArrayList<>(columns.size() + 1);
        names.add("time");
        columns.forEach(c -> names.add(c.name()));
        boolean pointTime = grid.interval == 0 && plan.singleSelector();
        boolean[] integers = new boolean[columns.size() + 1];
        for (int c = 0; c < columns.size(); c++) {
            integers[c + 1] = columns.get(c).function() == Functions.COUNT;
        }
        List<ResultSeries> answer = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<Object[]> rows = rows(folded.get(g), columns, grid, conditions, pointTime);
            if (rows == null) {
                continue;
            }
            List<List<Object>> filled = Fills.apply(rows, select.fill(), integers);
            if (select.descending()) {
                filled = new ArrayList<>(filled);
                java.util.Collections.reverse(filled);
            }
            filled = Rows.page(filled, select.limit(), select.offset());
            if (!filled.isEmpty()) {
                answer.add(new ResultSeries(selection.measurement(), groups.get(g).tags(), names, true, filled));
            }
        }
        return answer;
    }

    /** The output windows: {@code start} and {@code interval} in milliseconds (interval 0: one window), {@code count} of them. */
    private record Grid(long start, long interval, long offset, int count) {

        int index(long time) {
            return interval == 0 ? 0 : (int) Math.floorDiv(time - start, interval);
        }
    }

    private Grid grid(Select select, List<Group> groups, Span span) {
        long intervalNanos = select.groupBy().intervalNanos();
        if (intervalNanos == 0) {
            return new Grid(span.from(), 0, 0, 1);
        }
        if (intervalNanos % 1_000_000 != 0 || select.groupBy().offsetNanos() % 1_000_000 != 0) {
            throw new QueryException("GROUP BY time() in Bucketry takes whole milliseconds: readings have millisecond"
                    + " times; use an interval and offset of at least 1ms");
        }
        long interval = intervalNanos / 1_000_000;
        long offset = Math.floorMod(select.groupBy().offsetNanos() / 1_000_000, interval);
        long from = span.from() != Long.MIN_VALUE ? span.from() : earliest(groups, span);
        if (from == Long.MAX_VALUE) {
            return null;
        }
        long start = Math.floorDiv(from - offset, interval) * interval + offset;
        long last = Math.floorDiv(span.to() - 1 - offset, interval) * interval + offset;
        long windows = (last - start) / interval + 1;
        if (windows * groups.size() > maxWindows) {
            throw new QueryException("the statement would answer " + windows * groups.size() + " windows ("
                    + groups.size() + " series × " + windows + "); at most " + maxWindows
                    + " are allowed (maxWindows): narrow the time range or widen the GROUP BY time interval");
        }
        return new Grid(start, interval, offset, (int) windows);
    }

    /** The time of the earliest reading of any series in the span, as InfluxDB starts GROUP BY time without a lower bound. */
    private long earliest(List<Group> groups, Span span) {
        long earliest = Long.MAX_VALUE;
        for (Group group : groups) {
            for (TaggedSeries series : group.series()) {
                List<Reading> first = readings.read(series.id(), null, span.toInstant(), 1);
                if (!first.isEmpty()) {
                    earliest = Math.min(earliest, first.get(0).epochMilli());
                }
            }
        }
        return earliest;
    }

    /** First and last over several series need each reading's time; one series' window summaries are in time order. */
    private static boolean exact(SelectPlan plan, Group group) {
        return group.series().size() > 1 && plan.items.stream()
                .anyMatch(i -> i.function() == Functions.FIRST || i.function() == Functions.LAST);
    }

    /** The width of the windows read: the interval, or its greatest common divisor with the offset, or the span. */
    private static long window(Grid grid, Span span) {
        return grid.interval == 0 ? (span.bounded() ? Math.max(1, span.to() - span.from()) : DAY)
                : grid.offset == 0 ? grid.interval : gcd(grid.interval, grid.offset);
    }

    private void aggregateEach(Group group, Span span, Grid grid, Set<String> named, Map<String, Cell[]> cells) {
        long window = window(grid, span);
        for (TaggedSeries series : group.series()) {
            for (WindowAggregate aggregate : aggregates.aggregate(series.id(), span.fromInstant(), span.toInstant(),
                    Duration.ofMillis(window))) {
                fold(aggregate, grid, named, cells);
            }
        }
    }

    /** Adds the summaries of {@code aggregate}'s fields named (null: every field) to the cells of its output window. */
    private static void fold(WindowAggregate aggregate, Grid grid, Set<String> named, Map<String, Cell[]> cells) {
        long start = aggregate.start().toEpochMilli();
        int index = grid.index(start);
        if (index < 0 || index >= grid.count) {
            return;
        }
        aggregate.fields().forEach((field, summary) -> {
            if (named == null || named.contains(field)) {
                cell(cells, field, grid, index).add(summary, start);
            }
        });
    }

    /** Folds each reading of the group into its window; the readings read, at most {@code budget}. */
    private int readEach(Group group, Span span, Grid grid, Set<String> named, Map<String, Cell[]> cells, int budget) {
        int read = 0;
        for (TaggedSeries series : group.series()) {
            List<Reading> got = readings.read(series.id(), span.fromInstant(), span.toInstant(), budget - read + 1);
            read += got.size();
            if (read > budget) {
                throw new QueryException("the statement would read more than " + maxWindows + " readings (maxWindows);"
                        + " narrow the time range or filter on tags");
            }
            for (Reading reading : got) {
                Fields fields = reading.fields();
                int index = grid.index(reading.epochMilli());
                for (int f = 0; f < fields.size(); f++) {
                    String name = fields.schema().name(f);
                    if (!fields.isText(f) && (named == null || named.contains(name)) && index >= 0 && index < grid.count) {
                        cell(cells, name, grid, index).add(fields.numberAt(f), reading.epochMilli());
                    }
                }
            }
        }
        return read;
    }

    private static Cell cell(Map<String, Cell[]> cells, String field, Grid grid, int index) {
        Cell[] column = cells.computeIfAbsent(field, f -> new Cell[grid.count]);
        if (column[index] == null) {
            column[index] = new Cell();
        }
        return column[index];
    }

    /** The rows {@code [time, values…]} of one group, or null when it holds no value at all. */
    private static List<Object[]> rows(Map<String, Cell[]> cells, List<Column> columns, Grid grid, Conditions conditions,
                                       boolean pointTime) {
        if (cells.isEmpty()) {
            return null;
        }
        List<Object[]> rows = new ArrayList<>(grid.count);
        for (int w = 0; w < grid.count; w++) {
            Object[] row = new Object[columns.size() + 1];
            long time = grid.interval == 0 ? (conditions.hasMin() ? conditions.min() : 0)
                    : Span.nanos(grid.start + w * grid.interval);
            for (int c = 0; c < columns.size(); c++) {
                Column column = columns.get(c);
                Cell[] column0 = cells.get(column.field());
                Cell cell = column0 == null ? null : column0[w];
                row[c + 1] = column.function().value(cell);
                if (pointTime && cell != null && cell.count > 0) {
                    time = Span.nanos(column.function().time(cell));
                }
            }
            row[0] = time;
            rows.add(row);
        }
        return rows;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
