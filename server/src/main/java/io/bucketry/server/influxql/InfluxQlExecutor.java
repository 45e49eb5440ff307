package io.bucketry.server.influxql;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.server.influxql.Statement.Select;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs parsed InfluxQL statements over Bucketry's use cases, one answer per statement. A statement that
 * fails answers its error and the ones after it are not run, as InfluxDB does. Every statement reads at
 * most {@code maxWindows} series, windows or readings.
 */
public final class InfluxQlExecutor {

    private final SeriesDirectory directory;
    private final ShowStatements shows;
    private final RawSelect raw;
    private final AggregateSelect aggregates;
    private final int maxWindows;

    public InfluxQlExecutor(UseCases useCases, SeriesDirectory directory, int maxWindows, Duration retention) {
        this.directory = directory;
        this.maxWindows = maxWindows;
        this.shows = new ShowStatements(directory, useCases.latest(), retention, maxWindows);
        this.raw = new RawSelect(useCases.read(), maxWindows);
        this.aggregates = new AggregateSelect(useCases.read(), useCases.aggregate(),
                new StoreWideAggregates(directory, useCases.aggregateAll(), useCases.groups(), maxWindows), maxWindows);
    }

    /** The answers to {@code statements}, with {@code database} the request's {@code db} (null: none) and one instant for now. */
    public List<StatementResult> execute(List<Statement> statements, String database, Instant now) {
        List<StatementResult> results = new ArrayList<>(statements.size());
        long nowNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        for (int id = 0; id < statements.size(); id++) {
            try {
                results.add(StatementResult.of(id, run(statements.get(id), database, nowNanos)));
            } catch (QueryException | InvalidRequestException e) {
                results.add(StatementResult.failed(id, e.getMessage()));
                break;
            }
        }
        return results;
    }

    private List<ResultSeries> run(Statement statement, String database, long now) {
        if (statement instanceof Statement.Unsupported unsupported) {
            throw new QueryException(unsupported.what() + " is not supported by Bucketry: /query answers SELECT, SHOW"
                    + " DATABASES, SHOW RETENTION POLICIES, SHOW MEASUREMENTS, SHOW TAG KEYS, SHOW TAG VALUES,"
                    + " SHOW FIELD KEYS and SHOW SERIES");
        }
        if (statement instanceof Statement.ShowDatabases) {
            return shows.databases(database);
        }
        if (statement instanceof Statement.ShowRetentionPolicies show) {
            requireDatabase(show.database() != null ? show.database() : database);
            return shows.retentionPolicies();
        }
        requireDatabase(database != null && !database.isEmpty() ? database : databaseOf(statement));
        if (statement instanceof Select select) {
            return select(select, now);
        }
        if (statement instanceof Statement.ShowMeasurements show) {
            return shows.measurements(show);
        }
        if (statement instanceof Statement.ShowTagKeys show) {
            return shows.tagKeys(show);
        }
        if (statement instanceof Statement.ShowTagValues show) {
            return shows.tagValues(show);
        }
        if (statement instanceof Statement.ShowFieldKeys show) {
            return shows.fieldKeys(show);
        }
        return shows.series((Statement.ShowSeries) statement);
    }

    /** The database a SELECT's FROM names ({@code db.rp.name}), if any. */
    private static String databaseOf(Statement statement) {
        return statement instanceof Select select && !select.sources().isEmpty() ? select.sources().get(0).database() : null;
    }

    private static void requireDatabase(String database) {
        if (database == null || database.isEmpty()) {
            throw new QueryException("database name required");
        }
    }

    private List<ResultSeries> select(Select select, long now) {
        SelectPlan plan = SelectPlan.of(select);
        Conditions conditions = Conditions.of(select.where(), now);
        TagMatcher.check(conditions.tags());
        Span span = Span.of(conditions, now, plan.aggregate && select.groupBy().intervalNanos() > 0);
        if (span.empty()) {
            return List.of();
        }
        // the columns of * and the keys of GROUP BY * or /regex/ are those of every series of the measurement
        boolean everyKey = select.groupBy().allTags() || select.groupBy().tagPattern() != null
                || !plan.aggregate && plan.items.stream().anyMatch(i -> i.field() == null);
        try {
            return select(select, plan, conditions, span,
                    everyKey ? TagPushdown.none(conditions.tags()) : TagPushdown.of(conditions.tags()), true);
        } catch (TagsUnsupportedException e) {
            return select(select, plan, conditions, span, TagPushdown.none(conditions.tags()), false);
        }
    }

    /** The answer with {@code tags} split between store and executor; {@code tagsKept} false for a store without tags. */
    private List<ResultSeries> select(Select select, SelectPlan plan, Conditions conditions, Span span, TagPushdown tags,
                                      boolean tagsKept) {
        List<ResultSeries> answer = new ArrayList<>();
        for (Selection selection : Selection.of(directory, select.sources(), tags, maxWindows)) {
            List<Group> groups = Group.of(selection.measurement(), selection.series(),
                    Group.keys(select.groupBy(), selection.tagKeys()));
            answer.addAll(plan.aggregate
                    ? aggregates.run(select, plan, selection, groups, conditions, span, tags.filter(), tagsKept)
                    : raw.run(select, plan, selection, groups, span));
        }
        return Rows.page(answer, select.slimit(), select.soffset());
    }
}
