package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Expr.Op;
import io.bucketry.server.influxql.Token.Kind;

import java.util.ArrayList;
import java.util.List;

/** The SHOW statements Grafana's query editor sends to fill its drop-downs; the other SHOWs parse as unsupported. */
final class ShowParser {

    private static final String[] SHOWS = {"CONTINUOUS", "DATABASES", "DIAGNOSTICS", "FIELD", "GRANTS", "MEASUREMENT",
            "MEASUREMENTS", "QUERIES", "RETENTION", "SERIES", "SHARD", "SHARDS", "STATS", "SUBSCRIPTIONS", "TAG", "USERS"};

    private final Tokens tokens;
    private final Expressions expressions;
    private final Parser parser;

    ShowParser(Tokens tokens, Expressions expressions, Parser parser) {
        this.tokens = tokens;
        this.expressions = expressions;
        this.parser = parser;
    }

    Statement show() {
        Token what = tokens.peek();
        if (what.is("DATABASES")) {
            tokens.next();
            return new Statement.ShowDatabases();
        }
        if (what.is("RETENTION")) {
            tokens.next();
            tokens.expect("POLICIES");
            return new Statement.ShowRetentionPolicies(on());
        }
        if (what.is("MEASUREMENTS")) {
            tokens.next();
            return measurements();
        }
        if (what.is("TAG")) {
            tokens.next();
            if (tokens.accept("KEYS")) {
                return tagKeys();
            }
            if (tokens.peek().is("VALUES")) {
                tokens.next();
                return tagValues();
            }
            throw tokens.unexpected(tokens.peek(), "KEYS", "VALUES");
        }
        if (what.is("FIELD")) {
            tokens.next();
            tokens.expect("KEYS");
            on();
            List<Statement.Source> sources = from();
            return new Statement.ShowFieldKeys(sources, limit(), offset());
        }
        if (what.is("SERIES")) {
            tokens.next();
            if (tokens.peek().is("CARDINALITY") || tokens.peek().is("EXACT")) {
                return new Statement.Unsupported("SHOW SERIES " + ((Statement.Unsupported) parser.unsupported()).what());
            }
            on();
            List<Statement.Source> sources = from();
            return new Statement.ShowSeries(sources, where(), limit(), offset());
        }
        for (String show : SHOWS) {
            if (what.is(show)) {
                Statement.Unsupported rest = (Statement.Unsupported) parser.unsupported();
                return new Statement.Unsupported("SHOW " + rest.what());
            }
        }
        throw tokens.unexpected(what, SHOWS);
    }

    private Statement measurements() {
        on();
        Expr measurement = null;
        if (tokens.accept("WITH")) {
            tokens.expect("MEASUREMENT");
            Token op = tokens.next();
            if (op.kind() == Kind.EQREGEX) {
                measurement = tokens.regex();
            } else if (op.kind() == Kind.EQ) {
                measurement = new Expr.StringLit(tokens.identifier());
            } else {
                throw tokens.unexpected(op, "=", "=~");
            }
        }
        return new Statement.ShowMeasurements(measurement, where(), limit(), offset());
    }

    private Statement tagKeys() {
        on();
        List<Statement.Source> sources = from();
        return new Statement.ShowTagKeys(sources, where(), limit(), offset());
    }

    private Statement tagValues() {
        on();
        List<Statement.Source> sources = from();
        tokens.expect("WITH");
        tokens.expect("KEY");
        Token op = tokens.next();
        Op keyOp;
        List<Expr> keys = new ArrayList<>(2);
        switch (op.kind()) {
            case EQ, NEQ -> {
                keyOp = op.kind() == Kind.EQ ? Op.EQ : Op.NEQ;
                keys.add(new Expr.StringLit(tokens.identifier()));
            }
            case EQREGEX, NEQREGEX -> {
                keyOp = op.kind() == Kind.EQREGEX ? Op.EQREGEX : Op.NEQREGEX;
                keys.add(tokens.regex());
            }
            case IDENT -> {
                if (!op.is("IN")) {
                    throw tokens.unexpected(op, "=", "!=", "=~", "!~", "IN");
                }
                keyOp = null;
                tokens.expect(Kind.LPAREN, "(");
                do {
                    keys.add(new Expr.StringLit(tokens.identifier()));
                } while (tokens.accept(Kind.COMMA));
                tokens.expect(Kind.RPAREN, ")");
            }
            default -> throw tokens.unexpected(op, "=", "!=", "=~", "!~", "IN");
        }
        return new Statement.ShowTagValues(sources, keyOp, List.copyOf(keys), where(), limit(), offset());
    }

    /** {@code ON db}: accepted and ignored, Bucketry keeps one database. */
    private String on() {
        return tokens.accept("ON") ? tokens.identifier() : null;
    }

    private List<Statement.Source> from() {
        return tokens.accept("FROM") ? parser.sources() : List.of();
    }

    private Expr where() {
        return tokens.accept("WHERE") ? expressions.expr() : null;
    }

    private long limit() {
        return tokens.accept("LIMIT") ? tokens.integer() : Statement.NONE;
    }

    private long offset() {
        return tokens.accept("OFFSET") ? tokens.integer() : Statement.NONE;
    }
}
