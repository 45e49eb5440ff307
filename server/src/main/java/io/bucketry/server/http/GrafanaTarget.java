package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Quote;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a Grafana target names: {@code series:field} (split at the last colon, since a field name
 * has none) or {@code *:field} (every series), the statistic per window either written around it,
 * {@code max(sensor-1:temperature)}, or given as the payload {@code {"stat": "max"}}; avg when neither
 * says. The readings it takes are those written with tags that match {@code filter} (the payload's
 * {@code tag} and the query's ad-hoc filters, {@link GrafanaTags}); {@code *:field} may group them by
 * the payload's {@code groupBy}.
 *
 * @param series null for every series ({@code *:field})
 * @param groupBy null for one data-point series per series
 */
record GrafanaTarget(SeriesId series, String field, Stat stat, TagFilter filter, GroupBy groupBy) {

    /** The series part of a target that takes every series. */
    static final String EVERY = "*";

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

    /**
     * The target of one entry of a query's {@code targets}: its {@code target} text and optional {@code payload},
     * its readings those whose tags match {@code adhoc} too (the query's ad-hoc filters).
     */
    static GrafanaTarget of(JsonNode entry, List<Condition> adhoc) {
        GrafanaTarget named = ofText(entry);
        JsonNode payload = entry.path("payload");
        List<Condition> conditions = new ArrayList<>(GrafanaTags.payloadConditions(payload));
        conditions.addAll(adhoc);
        GroupBy groupBy = GrafanaTags.groupBy(payload);
        if (groupBy != null && named.series != null) {
            throw invalid("target " + Quote.of(entry.path("target").asText()) + " names one series, which has no groups;"
                    + " write " + EVERY + ":" + named.field + " to group every series by " + String.join(",", groupBy.keys()));
        }
        TagFilter filter = conditions.isEmpty() ? TagFilter.ANY : new TagFilter(conditions);
        return new GrafanaTarget(named.series, named.field, named.stat, filter, groupBy);
    }

    /** The target text with its statistic, without tags. */
    private static GrafanaTarget ofText(JsonNode entry) {
        JsonNode target = entry.path("target");
        if (!target.isTextual()) {
            throw invalid("each target needs \"target\": \"series:field\" (e.g. \"sensor-1:temperature\"), got "
                    + (target.isMissingNode() ? "none" : target.toString()));
        }
        String text = target.asText().strip();
        Matcher around = AROUND.matcher(text);
        Stat written = around.matches() ? Stat.named(around.group(1).toLowerCase(Locale.ROOT), text) : null;
        String inner = around.matches() ? around.group(2).strip() : text;
        GrafanaTarget named = inner.startsWith(EVERY + ":") ? every(inner) : named(inner, "target");
        JsonNode stat = entry.path("payload").path("stat");
        if (stat.isMissingNode() || stat.isNull()) {
            return named.with(written == null ? Stat.AVG : written);
        }
        if (!stat.isTextual()) {
            throw invalid("payload.stat must be one of " + Stat.words() + ", got " + stat);
        }
        Stat given = Stat.named(stat.asText().strip().toLowerCase(Locale.ROOT), "payload.stat");
        if (written != null && written != given) {
            throw invalid("target " + Quote.of(text) + " asks for " + written.word() + " but payload.stat for "
                    + given.word() + "; give the statistic once");
        }
        return named.with(given);
    }

    /** {@code *:field}: every series' field. */
    private static GrafanaTarget every(String text) {
        String field = text.substring(EVERY.length() + 1);
        String problem = FieldSchema.nameProblem(field);
        if (problem != null) {
            throw invalid("target " + Quote.of(text) + ": " + problem);
        }
        return new GrafanaTarget(null, field, Stat.AVG, TagFilter.ANY, null);
    }

    private GrafanaTarget with(Stat value) {
        return new GrafanaTarget(series, field, value, filter, groupBy);
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
        return new GrafanaTarget(SeriesId.of(series), field, Stat.AVG, TagFilter.ANY, null);
    }

    /** The name of the answered series: {@code series:field} for avg, {@code stat(series:field)} otherwise. */
    String name() {
        return nameOf(series == null ? EVERY : series.value());
    }

    /** The name of the data points of one series of the target: as {@link #name()}, with that series. */
    String nameOf(String seriesText) {
        String plain = seriesText + ":" + field;
        return stat == Stat.AVG ? plain : stat.word() + "(" + plain + ")";
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest("INVALID_TARGET", message);
    }
}
