package io.bucketry.server.influxql;

import com.google.re2j.Pattern;

import java.util.List;

/** An InfluxQL expression as parsed: fields, WHERE conditions, call arguments. */
public sealed interface Expr {

    /** A binary operation: {@code host = 'a'}, {@code time > now() - 1h}, {@code a AND b}. */
    record Binary(Op op, Expr left, Expr right) implements Expr {
    }

    /** A field, tag or {@code time} named by an identifier, with its {@code ::field}/{@code ::tag} cast if any. */
    record VarRef(String name, String type) implements Expr {
    }

    /** A function call: {@code mean(value)}, {@code now()}. */
    record Call(String name, List<Expr> args) implements Expr {
    }

    /** A number with a fraction or exponent: {@code 1.5}. */
    record NumberLit(double value) implements Expr {
    }

    /** A whole number: {@code 10}. */
    record IntegerLit(long value) implements Expr {
    }

    /** A single-quoted string: {@code 'a'} or an RFC 3339 time. */
    record StringLit(String value) implements Expr {
    }

    /** A duration ({@code 5m}, {@code 1600000000000ms}), in nanoseconds. */
    record DurationLit(long nanos) implements Expr {
    }

    /** {@code true} or {@code false}. */
    record BoolLit(boolean value) implements Expr {
    }

    /** A regular expression {@code /cpu.*}/, compiled with RE2's linear-time engine. */
    record RegexLit(Pattern pattern) implements Expr {
    }

    /** {@code *} in a field list or as a call argument. */
    record Wildcard() implements Expr {
    }

    /** The operators of InfluxQL expressions, by rising precedence group. */
    enum Op {
        OR("OR", 1), AND("AND", 2),
        EQ("=", 4), NEQ("!=", 4), EQREGEX("=~", 4), NEQREGEX("!~", 4), LT("<", 4), LTE("<=", 4), GT(">", 4), GTE(">=", 4),
        ADD("+", 5), SUB("-", 5), MUL("*", 6), DIV("/", 6), MOD("%", 6);

        final String text;
        final int precedence;

        Op(String text, int precedence) {
            this.text = text;
            this.precedence = precedence;
        }

        /** True for the comparisons (=, !=, =~, !~, <, <=, >, >=). */
        public boolean compares() {
            return precedence == 4;
        }
    }
}
