package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Quote;
import io.bucketry.domain.SeriesId;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a Grafana target names: {@code series:field} (split at the last colon, since a field name
 * has none), the statistic per window either written around it, {@code max(sensor-1:temperature)},
 * or given as the payload {@code {"stat": "max"}}; avg when neither says.
 */
record GrafanaTarget(SeriesId series, String field, Stat stat) {

    /** The value a window gives for one numeric field. */
    enum Stat {
        AVG, MIN, MAX, SUM, COUNT, FIRST, LAST;

        double of(FieldAggregate a) {
            return switch (this) {
                case AVG -> a.avg();
                case MIN -> a.min();
                case MAX -> a.max();
                case SUM -> a.sum();
                case COUNT -> a.count();
                case FIRST -> a.first();
                case LAST -> a.last();
            };
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static String words() {
            return Arrays.stream(values()).map(Stat::word).collect(Collectors.joining(", "));
        }

        static Stat named(String word, String where) {
            for (Stat stat : values()) {
                if (stat.word().equals(word)) {
                    return stat;
                }
            }
            throw invalid(where + ": unknown statistic " + Quote.of(word) + "; use one of " + words());
        }
    }

    private static final Pattern AROUND = Pattern.compile("([A-Za-z]+)\\((.*)\\)");

    /** The target of one entry of a query's {@code targets}: its {@code target} text and optional {@code payload}. */
    static GrafanaTarget of(JsonNode entry) {
        JsonNode target = entry.path("target");
        if (!target.isTextual()) {
            throw invalid("each target needs \"target\": \"series:field\" (e.g. \"sensor-1:temperature\"), got "
                    + (target.isMissingNode() ? "none" : target.toString()));
        }
        String text = target.asText().strip();
        Matcher around = AROUND.matcher(text);
        Stat written = around.matches() ? Stat.named(around.group(1).toLowerCase(Locale.ROOT), text) : null;
        GrafanaTarget named = named(around.matches() ? around.group(2).strip() : text, "target");
        JsonNode stat = entry.path("payload").path("stat");
        if (stat.isMissingNode() || stat.isNull()) {
            return new GrafanaTarget(named.series, named.field, written == null ? Stat.AVG : written);
        }
        if (!stat.isTextual()) {
            throw invalid("payload.stat must be one of " + Stat.words() + ", got " + stat);
        }
        Stat given = Stat.named(stat.asText().strip().toLowerCase(Locale.ROOT), "payload.stat");
        if (written != null && written != given) {
            throw invalid("target " + Quote.of(text) + " asks for " + written.word() + " but payload.stat for "
                    + given.word() + "; give the statistic once");
        }
        return new GrafanaTarget(named.series, named.field, given);
    }

    /** {@code series:field} as written in a target or an annotation query ({@code what} names it in errors). */
    static GrafanaTarget named(String text, String what) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            throw invalid(what + " " + Quote.of(text) + " names no field: write series:field, e.g. sensor-1:temperature");
        }
        String series = text.substring(0, colon);
        String field = text.substring(colon + 1);
        String problem = SeriesId.problem(series);
        if (problem == null) {
            problem = FieldSchema.nameProblem(field);
        }
        if (problem != null) {
            throw invalid(what + " " + Quote.of(text) + ": " + problem);
        }
        return new GrafanaTarget(SeriesId.of(series), field, Stat.AVG);
    }

    /** The name of the answered series: {@code series:field} for avg, {@code stat(series:field)} otherwise. */
    String name() {
        String plain = series.value() + ":" + field;
        return stat == Stat.AVG ? plain : stat.word() + "(" + plain + ")";
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest("INVALID_TARGET", message);
    }
}
