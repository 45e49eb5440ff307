package io.bucketry.server.influxql;

import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A lone first, last, min or max without GROUP BY time, whose answer is one reading and its time: each series'
 * window summaries (about a thousand windows over the range) say which window holds that reading, and only
 * that window's readings are read to find it; the series' picks are then compared as InfluxDB compares them.
 */
final class SelectorSearch {

    private static final long DAY = 86_400_000L;
    private static final int WINDOWS = 1000;

    private final ReadReadingsUseCase readings;
    private final AggregateSeriesUseCase aggregates;

    SelectorSearch(ReadReadingsUseCase readings, AggregateSeriesUseCase aggregates) {
        this.readings = readings;
        this.aggregates = aggregates;
    }

    /** The cell holding the reading {@code function} picks of {@code field} among {@code group}, or null when none has it. */
    Cell pick(Group group, Span span, Functions function, String field, int budget, int maxReadings) {
        int windows = Math.max(1, Math.min(WINDOWS, maxReadings / 2));   // the aggregate use case allows maxWindows
        long width = span.bounded() ? Math.max(1, -Math.floorDiv(-(span.to() - span.from()), windows)) : DAY;
        Cell picked = null;
        for (TaggedSeries series : group.series()) {
            WindowAggregate window = window(aggregates.aggregate(series.id(), span.fromInstant(), span.toInstant(),
                    Duration.ofMillis(width)), function, field);
            if (window == null) {
                continue;
            }
            long from = Math.max(span.from(), window.start().toEpochMilli());
            long to = Math.min(span.to(), window.end().toEpochMilli());
            List<Reading> got = readings.read(series.id(), Instant.ofEpochMilli(from), Instant.ofEpochMilli(to), budget + 1);
            if (got.size() > budget) {
                throw new QueryException("the statement would read more than " + maxReadings + " readings (maxWindows);"
                        + " narrow the time range or filter on tags");
            }
            Cell own = new Cell();
            for (Reading reading : got) {
                double value = reading.fields().number(field);
                if (!Double.isNaN(value)) {
                    own.add(value, reading.epochMilli());
                }
            }
            if (own.count > 0) {
                picked = picked == null ? new Cell() : picked;
                picked.add(value(own, function), function.time(own));
            }
        }
        return picked;
    }

    private static double value(Cell cell, Functions function) {
        return ((Number) function.value(cell)).doubleValue();
    }

    /** The window whose readings hold the pick: the first or last with the field, the earliest of the least or greatest. */
    private static WindowAggregate window(List<WindowAggregate> windows, Functions function, String field) {
        WindowAggregate chosen = null;
        for (WindowAggregate window : windows) {
            FieldAggregate summary = window.fields().get(field);
            if (summary == null || summary.count() == 0) {
                continue;
            }
            FieldAggregate best = chosen == null ? null : chosen.fields().get(field);
            boolean better = switch (function) {
                case FIRST -> chosen == null;
                case LAST -> true;
                case MIN -> best == null || summary.min() < best.min();
                case MAX -> best == null || summary.max() > best.max();
                default -> throw new IllegalStateException(function + " picks no reading");
            };
            if (better) {
                chosen = window;
            }
        }
        return chosen;
    }
}
