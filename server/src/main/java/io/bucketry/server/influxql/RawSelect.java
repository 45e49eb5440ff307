package io.bucketry.server.influxql;

import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.server.influxql.SelectPlan.Column;
import io.bucketry.server.influxql.Statement.Select;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A SELECT of fields and tags: the readings of each group's series in time order (ties in series order), one
 * row each, a row whose selected fields are all missing left out, as InfluxDB does. Reads at most
 * {@code maxReadings} over all series.
 */
final class RawSelect {

    private final ReadReadingsUseCase readings;
    private final int maxReadings;

    RawSelect(ReadReadingsUseCase readings, int maxReadings) {
        this.readings = readings;
        this.maxReadings = maxReadings;
    }

    /** One series read for its group. */
    private record Read(TaggedSeries series, List<Reading> readings) {
    }

    List<ResultSeries> run(Select select, SelectPlan plan, Selection selection, List<Group> groups, Span span) {
        int budget = maxReadings;
        boolean headOnly = !select.descending() && select.limit() > 0;
        int perSeries = headOnly ? (int) Math.min(select.limit() + select.offset(), Integer.MAX_VALUE - 1) : budget + 1;
        List<List<Read>> reads = new ArrayList<>(groups.size());
        SortedSet<String> fields = new TreeSet<>();
        for (Group group : groups) {
            List<Read> groupReads = new ArrayList<>(group.series().size());
            for (TaggedSeries series : group.series()) {
                List<Reading> got = readings.read(series.id(), span.fromInstant(), span.toInstant(),
                        Math.min(perSeries, budget + 1));
                if (got.size() > budget) {
                    throw new QueryException("the statement would read more than " + maxReadings
                            + " readings (maxWindows); narrow the time range, filter on tags or add a LIMIT");
                }
                budget -= got.size();
                got.forEach(r -> fields.addAll(r.fields().keySet()));
                groupReads.add(new Read(series, got));
            }
            reads.add(groupReads);
        }
        SortedSet<String> grouped = groups.isEmpty() || groups.get(0).tags() == null ? new TreeSet<>()
                : new TreeSet<>(groups.get(0).tags().keySet());
        List<Column> columns = plan.columns(fields, selection.tagKeys(), grouped);
        List<String> names = new ArrayList<>(columns.size() + 1);
        names.add("time");
        columns.forEach(c -> names.add(c.name()));
        List<ResultSeries> answer = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<List<Object>> rows = rows(reads.get(g), columns);
            if (select.descending()) {
                java.util.Collections.reverse(rows);
            }
            rows = Rows.page(rows, select.limit(), select.offset());
            if (!rows.isEmpty()) {
                answer.add(new ResultSeries(selection.measurement(), groups.get(g).tags(), names, true, rows));
            }
        }
        return answer;
    }

    private static List<List<Object>> rows(List<Read> reads, List<Column> columns) {
        List<Row> all = new ArrayList<>();
        for (int s = 0; s < reads.size(); s++) {
            for (Reading reading : reads.get(s).readings()) {
                all.add(new Row(reading.epochMilli(), s, reads.get(s).series(), reading.fields()));
            }
        }
        all.sort(Comparator.comparingLong(Row::time).thenComparingInt(Row::order));
        List<List<Object>> rows = new ArrayList<>(all.size());
        for (Row row : all) {
            List<Object> values = new ArrayList<>(columns.size() + 1);
            values.add(Span.nanos(row.time()));
            boolean anyField = false;
            for (Column column : columns) {
                Object value = column.tag() ? tagValue(row.series(), column.field()) : fieldValue(row.fields(), column.field());
                anyField |= !column.tag() && value != null;
                values.add(value);
            }
            if (anyField) {
                rows.add(values);
            }
        }
        return rows;
    }

    private record Row(long time, int order, TaggedSeries series, Fields fields) {
    }

    private static Object tagValue(TaggedSeries series, String key) {
        String value = series.tags().get(key);
        return value == null || value.isEmpty() ? null : value;
    }

    private static Object fieldValue(Fields fields, String name) {
        int index = fields.schema().indexOf(name);
        if (index < 0) {
            return null;
        }
        return fields.isText(index) ? fields.textAt(index) : (Object) fields.numberAt(index);
    }
}
