package io.bucketry.server.influxql;

import java.util.List;

/** One InfluxQL statement as parsed; {@link Unsupported} keeps the place of one Bucketry does not run. */
public sealed interface Statement {

    /** No LIMIT, OFFSET, SLIMIT or SOFFSET given. */
    long NONE = 0;

    /** {@code SELECT fields [INTO …] FROM sources [WHERE …] [GROUP BY …] [fill(…)] [ORDER BY time] [LIMIT …] …}. */
    record Select(List<Field> fields, String into, List<Source> sources, Expr where, Dimensions groupBy, Fill fill,
                  boolean descending, long limit, long offset, long slimit, long soffset, String timezone)
            implements Statement {
    }

    /** {@code SHOW DATABASES}. */
    record ShowDatabases() implements Statement {
    }

    /** {@code SHOW RETENTION POLICIES [ON db]}. */
    record ShowRetentionPolicies(String database) implements Statement {
    }

    /** {@code SHOW MEASUREMENTS [WITH MEASUREMENT =|=~ …] [WHERE …] [LIMIT] [OFFSET]}; {@code measurement} null: any. */
    record ShowMeasurements(Expr measurement, Expr where, long limit, long offset) implements Statement {
    }

    /** {@code SHOW TAG KEYS [FROM …] [WHERE …] [LIMIT] [OFFSET]}. */
    record ShowTagKeys(List<Source> sources, Expr where, long limit, long offset) implements Statement {
    }

    /**
     * {@code SHOW TAG VALUES [FROM …] WITH KEY op key|(keys)|/regex/ [WHERE …] [LIMIT] [OFFSET]}.
     *
     * @param keyOp EQ, NEQ, EQREGEX, NEQREGEX, or null for IN
     * @param keys the key(s) named, or one {@link Expr.RegexLit} for =~ and !~
     */
    record ShowTagValues(List<Source> sources, Expr.Op keyOp, List<Expr> keys, Expr where, long limit, long offset)
            implements Statement {
    }

    /** {@code SHOW FIELD KEYS [FROM …] [LIMIT] [OFFSET]}. */
    record ShowFieldKeys(List<Source> sources, long limit, long offset) implements Statement {
    }

    /** {@code SHOW SERIES [FROM …] [WHERE …] [LIMIT] [OFFSET]}. */
    record ShowSeries(List<Source> sources, Expr where, long limit, long offset) implements Statement {
    }

    /** A statement InfluxQL has and Bucketry does not run ({@code CREATE DATABASE}, {@code SHOW USERS}, …). */
    record Unsupported(String what) implements Statement {
    }

    /** One field of a SELECT: an expression and its {@code AS} alias, or null. */
    record Field(Expr expr, String alias) {
    }

    /**
     * GROUP BY: a time interval (0: none) and offset in nanoseconds, the tag keys named, and whether
     * {@code *} (every tag) or a regular expression of tag keys was given.
     */
    record Dimensions(long intervalNanos, long offsetNanos, List<String> tags, boolean allTags, Expr.RegexLit tagPattern) {

        static final Dimensions NONE = new Dimensions(0, 0, List.of(), false, null);
    }

    /** fill(): none, null (the default), previous, linear, or a number. */
    record Fill(FillKind kind, double value) {

        static final Fill NULL = new Fill(FillKind.NULL, 0);
    }

    /** The fill modes of InfluxQL. */
    enum FillKind { NONE, NULL, PREVIOUS, LINEAR, NUMBER }

    /** A FROM source: a measurement by name ({@code db.rp.name}) or regular expression, or a subquery. */
    record Source(String database, String retentionPolicy, String name, Expr.RegexLit regex, Select subquery) {
    }
}
