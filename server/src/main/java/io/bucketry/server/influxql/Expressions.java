package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Expr.Op;
import io.bucketry.server.influxql.Token.Kind;

import java.util.ArrayList;
import java.util.List;

/** Parses InfluxQL expressions by precedence climbing, with InfluxDB's operators and literals. */
final class Expressions {

    private static final String[] OPERAND = {"identifier", "string", "number", "bool"};

    private final Tokens tokens;

    Expressions(Tokens tokens) {
        this.tokens = tokens;
    }

    /** An expression: operands joined by operators of any precedence. */
    Expr expr() {
        return binary(unary(), 0);
    }

    private Expr binary(Expr left, int minPrecedence) {
        while (true) {
            Op op = operator(tokens.peek());
            if (op == null || op.precedence < minPrecedence) {
                return left;
            }
            tokens.next();
            Expr right = op == Op.EQREGEX || op == Op.NEQREGEX ? regexOperand() : unary();
            Op following = operator(tokens.peek());
            while (following != null && following.precedence > op.precedence) {
                right = binary(right, following.precedence);
                following = operator(tokens.peek());
            }
            left = new Expr.Binary(op, left, right);
        }
    }

    private Expr regexOperand() {
        if (tokens.peek().kind() != Kind.DIV) {
            throw tokens.unexpected(tokens.peek(), "regex");
        }
        return tokens.regex();
    }

    /** One operand: a literal, a variable, a call, a parenthesised expression, {@code *} or a regex. */
    Expr unary() {
        Token token = tokens.peek();
        switch (token.kind()) {
            case LPAREN -> {
                tokens.next();
                Expr inner = expr();
                tokens.expect(Kind.RPAREN, ")");
                return inner;
            }
            case MUL -> {
                tokens.next();
                return new Expr.Wildcard();
            }
            case DIV -> {
                return tokens.regex();
            }
            case STRING -> {
                return new Expr.StringLit(tokens.next().text());
            }
            case NUMBER -> {
                return new Expr.NumberLit(Double.parseDouble(tokens.next().text()));
            }
            case INTEGER -> {
                return integer(tokens.next(), false);
            }
            case DURATION -> {
                return new Expr.DurationLit(Durations.nanos(tokens.next().text(), tokens));
            }
            case SUB, ADD -> {
                return signed();
            }
            case IDENT -> {
                return identifierOrCall();
            }
            default -> throw tokens.unexpected(token, OPERAND);
        }
    }

    private Expr signed() {
        boolean negative = tokens.next().kind() == Kind.SUB;
        Token token = tokens.peek();
        return switch (token.kind()) {
            case NUMBER -> new Expr.NumberLit((negative ? -1 : 1) * Double.parseDouble(tokens.next().text()));
            case INTEGER -> integer(tokens.next(), negative);
            case DURATION -> new Expr.DurationLit((negative ? -1 : 1) * Durations.nanos(tokens.next().text(), tokens));
            default -> throw tokens.unexpected(token, OPERAND);
        };
    }

    private static Expr integer(Token token, boolean negative) {
        String digits = negative ? "-" + token.text() : token.text();
        try {
            return new Expr.IntegerLit(Long.parseLong(digits));
        } catch (NumberFormatException e) {
            return new Expr.NumberLit(Double.parseDouble(digits));   // as InfluxDB: too large for an integer, a number
        }
    }

    private Expr identifierOrCall() {
        Token token = tokens.peek();
        if (token.is("true") || token.is("false")) {
            tokens.next();
            return new Expr.BoolLit(token.is("true"));
        }
        if (!token.quoted() && Keywords.is(token.text())) {
            throw tokens.unexpected(token, OPERAND);
        }
        tokens.next();
        if (!token.quoted() && tokens.accept(Kind.LPAREN)) {
            List<Expr> args = new ArrayList<>(2);
            if (!tokens.accept(Kind.RPAREN)) {
                do {
                    args.add(expr());
                } while (tokens.accept(Kind.COMMA));
                tokens.expect(Kind.RPAREN, ")");
            }
            return new Expr.Call(token.text().toLowerCase(java.util.Locale.ROOT), args);
        }
        String type = null;
        if (tokens.accept(Kind.DOUBLECOLON)) {
            type = tokens.next().text().toLowerCase(java.util.Locale.ROOT);
        }
        return new Expr.VarRef(token.text(), type);
    }

    private static Op operator(Token token) {
        return switch (token.kind()) {
            case EQ -> Op.EQ;
            case NEQ -> Op.NEQ;
            case EQREGEX -> Op.EQREGEX;
            case NEQREGEX -> Op.NEQREGEX;
            case LT -> Op.LT;
            case LTE -> Op.LTE;
            case GT -> Op.GT;
            case GTE -> Op.GTE;
            case ADD -> Op.ADD;
            case SUB -> Op.SUB;
            case MUL -> Op.MUL;
            case DIV -> Op.DIV;
            case MOD -> Op.MOD;
            case IDENT -> token.is("AND") ? Op.AND : token.is("OR") ? Op.OR : null;
            default -> null;
        };
    }
}
