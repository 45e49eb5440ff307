package io.bucketry.server.influxql;

import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.server.influxql.Statement.ShowFieldKeys;
import io.bucketry.server.influxql.Statement.ShowMeasurements;
import io.bucketry.server.influxql.Statement.ShowSeries;
import io.bucketry.server.influxql.Statement.ShowTagKeys;
import io.bucketry.server.influxql.Statement.ShowTagValues;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** The SHOW statements over the series directory: what Grafana's query editor asks to fill its drop-downs. */
final class ShowStatements {

    /** The one database Bucketry answers as; a request may name any other, which means the same store. */
    static final String DATABASE = "bucketry";

    private final SeriesDirectory directory;
    private final ReadLatestReadingUseCase latest;
    private final Duration retention;
    private final int maxSeries;

    ShowStatements(SeriesDirectory directory, ReadLatestReadingUseCase latest, Duration retention, int maxSeries) {
        this.directory = directory;
        this.latest = latest;
        this.retention = retention;
        this.maxSeries = maxSeries;
    }

    List<ResultSeries> databases(String requested) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of(DATABASE));
        if (requested != null && !requested.isEmpty() && !requested.equals(DATABASE)) {
            rows.add(List.of(requested));
        }
        return List.of(new ResultSeries("databases", null, List.of("name"), false, rows));
    }

    /** One policy, {@code autogen}, with Bucketry's retention and the shard group InfluxDB would choose for it. */
    List<ResultSeries> retentionPolicies() {
        List<Object> row = List.of("autogen", GoDurations.format(retention), GoDurations.format(shardGroup(retention)),
                1L, true);
        return List.of(new ResultSeries(null, null, List.of("name", "duration", "shardGroupDuration", "replicaN", "default"),
                false, List.of(row)));
    }

    private static Duration shardGroup(Duration retention) {
        return retention.compareTo(Duration.ofDays(2)) < 0 ? Duration.ofHours(1)
                : retention.compareTo(Duration.ofDays(180)) <= 0 ? Duration.ofDays(1) : Duration.ofDays(7);
    }

    List<ResultSeries> measurements(ShowMeasurements show) {
        TagMatcher.check(show.where());
        SortedSet<String> names = new TreeSet<>();
        for (TaggedSeries series : directory.series(null, maxSeries)) {
            if (named(show.measurement(), series.measurement()) && TagMatcher.matches(show.where(), series)) {
                names.add(series.measurement());
            }
        }
        List<List<Object>> rows = Rows.page(names.stream().map(n -> List.<Object>of(n)).toList(), show.limit(), show.offset());
        return rows.isEmpty() ? List.of() : List.of(new ResultSeries("measurements", null, List.of("name"), false, rows));
    }

    private static boolean named(Expr measurement, String name) {
        if (measurement == null) {
            return true;
        }
        return measurement instanceof Expr.RegexLit regex ? regex.pattern().matcher(name).find()
                : ((Expr.StringLit) measurement).value().equals(name);
    }

    List<ResultSeries> tagKeys(ShowTagKeys show) {
        TagMatcher.check(show.where());
        List<ResultSeries> answer = new ArrayList<>();
        for (Selection selection : Selection.of(directory, show.sources(), TagPushdown.none(show.where()), maxSeries)) {
            SortedSet<String> keys = new TreeSet<>();
            selection.series().forEach(s -> keys.addAll(s.tags().keySet()));
            List<List<Object>> rows = Rows.page(keys.stream().map(k -> List.<Object>of(k)).toList(), show.limit(), show.offset());
            if (!rows.isEmpty()) {
                answer.add(new ResultSeries(selection.measurement(), null, List.of("tagKey"), false, rows));
            }
        }
        return answer;
    }

    List<ResultSeries> tagValues(ShowTagValues show) {
        TagMatcher.check(show.where());
        List<ResultSeries> answer = new ArrayList<>();
        for (Selection selection : Selection.of(directory, show.sources(), TagPushdown.none(show.where()), maxSeries)) {
            SortedMap<String, SortedSet<String>> values = new TreeMap<>();
            for (TaggedSeries series : selection.series()) {
                series.tags().forEach((key, value) -> {
                    if (keyMatches(show, key)) {
                        values.computeIfAbsent(key, k -> new TreeSet<>()).add(value);
                    }
                });
            }
            List<List<Object>> rows = new ArrayList<>();
            values.forEach((key, set) -> set.forEach(value -> rows.add(List.of(key, value))));
            List<List<Object>> page = Rows.page(rows, show.limit(), show.offset());
            if (!page.isEmpty()) {
                answer.add(new ResultSeries(selection.measurement(), null, List.of("key", "value"), false, page));
            }
        }
        return answer;
    }

    private static boolean keyMatches(ShowTagValues show, String key) {
        if (show.keyOp() == null) {
            return show.keys().stream().anyMatch(k -> ((Expr.StringLit) k).value().equals(key));
        }
        Expr given = show.keys().get(0);
        return switch (show.keyOp()) {
            case EQ -> ((Expr.StringLit) given).value().equals(key);
            case NEQ -> !((Expr.StringLit) given).value().equals(key);
            case EQREGEX -> ((Expr.RegexLit) given).pattern().matcher(key).find();
            default -> !((Expr.RegexLit) given).pattern().matcher(key).find();
        };
    }

    /** Each field of each series' latest reading: {@code float} for a number, {@code string} for a text. */
    List<ResultSeries> fieldKeys(ShowFieldKeys show) {
        List<ResultSeries> answer = new ArrayList<>();
        for (Selection selection : Selection.of(directory, show.sources(), TagPushdown.none(null), maxSeries)) {
            SortedMap<String, String> types = new TreeMap<>();
            for (TaggedSeries series : selection.series()) {
                Optional<Reading> reading = latest.latest(series.id());
                if (reading.isPresent()) {
                    Fields fields = reading.get().fields();
                    for (int f = 0; f < fields.size(); f++) {
                        types.putIfAbsent(fields.schema().name(f), fields.isText(f) ? "string" : "float");
                    }
                }
            }
            List<List<Object>> rows = new ArrayList<>();
            types.forEach((field, type) -> rows.add(List.of(field, type)));
            List<List<Object>> page = Rows.page(rows, show.limit(), show.offset());
            if (!page.isEmpty()) {
                answer.add(new ResultSeries(selection.measurement(), null, List.of("fieldKey", "fieldType"), false, page));
            }
        }
        return answer;
    }

    List<ResultSeries> series(ShowSeries show) {
        TagMatcher.check(show.where());
        SortedSet<String> keys = new TreeSet<>();
        for (Selection selection : Selection.of(directory, show.sources(), TagPushdown.none(show.where()), maxSeries)) {
            selection.series().forEach(s -> keys.add(s.key()));
        }
        List<List<Object>> rows = Rows.page(keys.stream().map(k -> List.<Object>of(k)).toList(), show.limit(), show.offset());
        return rows.isEmpty() ? List.of() : List.of(new ResultSeries(null, null, List.of("key"), false, rows));
    }
}
