package io.bucketry.application.contract;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Gap filling computed from the raw readings, sharing no code with the domain's: per empty window
 * and field, the last reading of the field before the window and the first after it, among the
 * readings a fill may use (unexpired; in the range, or in whole windows outside it).
 */
public final class BruteForceFill {

    private BruteForceFill() {
    }

    /**
     * The filled windows of the series in {@code listed} (the kept readings of every series, deduplicated),
     * over every aligned window overlapping {@code [from, to)}; series without a reading there left out
     * unless {@code always} names them.
     */
    public static List<WindowAggregate> windows(List<Reading> kept, SeriesId always, Instant from, Instant to,
                                                Duration window, FillMode mode, Duration maxGap, Instant now,
                                                Instant oldestKept) {
        long width = window.toMillis();
        long first = Math.floorDiv(from.toEpochMilli(), width) * width;
        long end = Math.floorDiv(to.toEpochMilli() - 1, width) * width + width;
        List<Reading> usable = kept.stream()
                .filter(r -> !r.time().isBefore(oldestKept))
                .filter(r -> r.epochMilli() < first || r.epochMilli() >= end
                        || !r.time().isBefore(from) && r.time().isBefore(to))
                .toList();
        TreeSet<SeriesId> series = new TreeSet<>();
        usable.stream().filter(r -> !r.time().isBefore(from) && r.time().isBefore(to)).forEach(r -> series.add(r.series()));
        if (always != null) {
            series.add(always);
        }
        List<WindowAggregate> result = new ArrayList<>();
        for (SeriesId id : series) {
            List<Reading> own = usable.stream().filter(r -> r.series().equals(id)).sorted(BruteForce.SERIES_THEN_TIME).toList();
            Map<Instant, WindowAggregate> real = new TreeMap<>();
            BruteForce.windows(own, from, to, window).forEach(w -> real.put(w.start(), w));
            for (long start = first; start < end; start += width) {
                WindowAggregate known = real.get(Instant.ofEpochMilli(start));
                result.add(known != null ? known : filled(id, own, start, width, mode, maxGap, now));
            }
        }
        return result;
    }

    private static WindowAggregate filled(SeriesId series, List<Reading> own, long start, long width, FillMode mode,
                                          Duration maxGap, Instant now) {
        TreeMap<String, FieldAggregate> fields = new TreeMap<>();
        if (mode == FillMode.PREVIOUS || mode == FillMode.LINEAR) {
            TreeSet<String> names = new TreeSet<>();
            own.forEach(r -> r.fields().forEach((name, value) -> {
                if (value instanceof FieldValue.Numeric) {
                    names.add(name);
                }
            }));
            for (String name : names) {
                Double value = value(own, name, start, width, mode, maxGap, now);
                if (value != null) {
                    fields.put(name, FieldAggregate.filled(value));
                }
            }
        }
        return WindowAggregate.filled(series, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width), fields);
    }

    private static Double value(List<Reading> own, String name, long start, long width, FillMode mode, Duration maxGap,
                                Instant now) {
        Reading before = null;
        Reading after = null;
        for (Reading reading : own) {
            if (numberOf(reading, name) == null) {
                continue;
            }
            if (reading.epochMilli() < start) {
                before = reading;
            } else if (after == null && reading.epochMilli() >= start + width) {
                after = reading;
            }
        }
        if (before == null || mode == FillMode.LINEAR && after == null) {
            return null;
        }
        long left = Math.floorDiv(before.epochMilli(), width) * width;
        long outageEnd = after != null ? Math.floorDiv(after.epochMilli(), width) * width : now.toEpochMilli();
        if (maxGap != null && Duration.ofMillis(outageEnd - (left + width)).compareTo(maxGap) > 0) {
            return null;
        }
        if (mode == FillMode.PREVIOUS) {
            return numberOf(before, name);
        }
        long right = Math.floorDiv(after.epochMilli(), width) * width;
        double leftAvg = average(own, name, left, width);
        double rightAvg = average(own, name, right, width);
        return leftAvg + (rightAvg - leftAvg) * (start - left) / (right - left);
    }

    private static double average(List<Reading> own, String name, long start, long width) {
        double sum = 0;
        int count = 0;
        for (Reading reading : own) {
            Double number = numberOf(reading, name);
            if (number != null && reading.epochMilli() >= start && reading.epochMilli() < start + width) {
                sum += number;
                count++;
            }
        }
        return sum / count;
    }

    private static Double numberOf(Reading reading, String name) {
        return reading.fields().get(name) instanceof FieldValue.Numeric numeric ? numeric.value() : null;
    }
}
