package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Statement.Dimensions;
import io.bucketry.server.influxql.Statement.Field;
import io.bucketry.server.influxql.Statement.Fill;
import io.bucketry.server.influxql.Statement.FillKind;
import io.bucketry.server.influxql.Statement.Select;
import io.bucketry.server.influxql.Statement.Source;
import io.bucketry.server.influxql.Token.Kind;

import java.util.ArrayList;
import java.util.List;

/**
 * A hand-written recursive-descent parser of the InfluxQL statements Bucketry answers (SELECT and the
 * SHOW statements of {@link ShowParser}); other statements InfluxQL has parse as {@link Statement.Unsupported}
 * so that each gets its own error. A text that is no InfluxQL fails whole with InfluxDB's wording.
 */
public final class Parser {

    private static final String[] STATEMENTS = {"SELECT", "DELETE", "SHOW", "CREATE", "DROP", "EXPLAIN", "GRANT",
            "REVOKE", "ALTER", "SET", "KILL"};

    private final Tokens tokens;
    private final Expressions expressions;

    private Parser(String text) {
        this.tokens = new Tokens(text);
        this.expressions = new Expressions(tokens);
    }

    /** The statements of {@code text}, separated by {@code ;}; a {@link ParseException} in InfluxDB's words. */
    public static List<Statement> parse(String text) {
        Parser parser = new Parser(text);
        List<Statement> statements = new ArrayList<>(1);
        while (true) {
            while (parser.tokens.accept(Kind.SEMICOLON)) {
                // empty statements between semicolons are skipped, as InfluxDB does
            }
            if (parser.tokens.peek().kind() == Kind.EOF) {
                return statements;
            }
            statements.add(parser.statement());
            Token end = parser.tokens.peek();
            if (end.kind() != Kind.SEMICOLON && end.kind() != Kind.EOF) {
                throw parser.tokens.unexpected(end, ";");
            }
        }
    }

    private Statement statement() {
        Token first = tokens.peek();
        if (first.is("SELECT")) {
            tokens.next();
            return select();
        }
        if (first.is("SHOW")) {
            tokens.next();
            return new ShowParser(tokens, expressions, this).show();
        }
        for (String keyword : STATEMENTS) {
            if (first.is(keyword)) {
                return unsupported();
            }
        }
        throw tokens.unexpected(first, STATEMENTS);
    }

    /** Skips to the end of a statement Bucketry does not run, keeping its first words for the error. */
    Statement unsupported() {
        StringBuilder what = new StringBuilder();
        int words = 0;
        while (tokens.peek().kind() != Kind.SEMICOLON && tokens.peek().kind() != Kind.EOF) {
            Token token = tokens.next();
            if (words++ < 2 && token.kind() == Kind.IDENT) {
                what.append(what.length() == 0 ? "" : " ").append(token.shown());
            }
        }
        return new Statement.Unsupported(what.toString());
    }

    private Select select() {
        List<Field> fields = new ArrayList<>(2);
        do {
            Expr expr = expressions.expr();
            fields.add(new Field(expr, tokens.accept("AS") ? tokens.identifier() : null));
        } while (tokens.accept(Kind.COMMA));
        String into = tokens.accept("INTO") ? String.join(".", path()) : null;
        tokens.expect("FROM");
        List<Source> sources = sources();
        Expr where = tokens.accept("WHERE") ? expressions.expr() : null;
        Dimensions groupBy = tokens.accept("GROUP") ? groupBy() : Dimensions.NONE;
        Fill fill = fill();
        boolean descending = orderBy();
        long limit = tokens.accept("LIMIT") ? tokens.integer() : Statement.NONE;
        long offset = tokens.accept("OFFSET") ? tokens.integer() : Statement.NONE;
        long slimit = tokens.accept("SLIMIT") ? tokens.integer() : Statement.NONE;
        long soffset = tokens.accept("SOFFSET") ? tokens.integer() : Statement.NONE;
        String timezone = timezone();
        return new Select(List.copyOf(fields), into, sources, where, groupBy, fill, descending, limit, offset, slimit,
                soffset, timezone);
    }

    /** FROM's sources: measurements by name ({@code db.rp.name}, {@code "rp"."name"}) or regex, or subqueries. */
    List<Source> sources() {
        List<Source> sources = new ArrayList<>(1);
        do {
            if (tokens.peek().kind() == Kind.DIV) {
                sources.add(new Source(null, null, null, tokens.regex(), null));
            } else if (tokens.accept(Kind.LPAREN)) {
                tokens.expect("SELECT");
                Select subquery = select();
                tokens.expect(Kind.RPAREN, ")");
                sources.add(new Source(null, null, null, null, subquery));
            } else {
                List<String> path = path();
                int n = path.size();
                sources.add(new Source(n == 3 ? path.get(0) : null, n >= 2 ? path.get(n - 2) : null, path.get(n - 1),
                        null, null));
            }
        } while (tokens.accept(Kind.COMMA));
        return List.copyOf(sources);
    }

    /** Up to three identifiers joined by dots; {@code db..name} leaves the retention policy out. */
    private List<String> path() {
        List<String> parts = new ArrayList<>(3);
        parts.add(tokens.identifier());
        while (parts.size() < 3 && tokens.accept(Kind.DOT)) {
            if (parts.size() == 1 && tokens.peek().kind() == Kind.DOT) {
                tokens.next();
                parts.add("");
            }
            parts.add(tokens.identifier());
        }
        return parts;
    }

    private Dimensions groupBy() {
        tokens.expect("BY");
        long interval = 0;
        long offset = 0;
        List<String> tags = new ArrayList<>(2);
        boolean all = false;
        Expr.RegexLit pattern = null;
        do {
            Token token = tokens.peek();
            if (token.kind() == Kind.MUL) {
                tokens.next();
                all = true;
            } else if (token.kind() == Kind.DIV) {
                pattern = tokens.regex();
            } else if (token.is("time") && !token.quoted()) {
                tokens.next();
                tokens.expect(Kind.LPAREN, "(");
                interval = duration();
                if (tokens.accept(Kind.COMMA)) {
                    offset = signedDuration();
                }
                tokens.expect(Kind.RPAREN, ")");
            } else {
                tags.add(tag(expressions.unary()));
            }
        } while (tokens.accept(Kind.COMMA));
        return new Dimensions(interval, offset, List.copyOf(tags), all, pattern);
    }

    private String tag(Expr dimension) {
        if (dimension instanceof Expr.VarRef ref) {
            return ref.name();
        }
        throw tokens.error("only time() calls allowed in dimensions");
    }

    private long duration() {
        Token token = tokens.expect(Kind.DURATION, "duration");
        return Durations.nanos(token.text(), tokens);
    }

    private long signedDuration() {
        boolean negative = tokens.accept(Kind.SUB);
        return negative ? -duration() : duration();
    }

    private Fill fill() {
        if (!tokens.peek().is("fill")) {
            return Fill.NULL;
        }
        tokens.next();
        tokens.expect(Kind.LPAREN, "(");
        Token arg = tokens.next();
        Fill fill;
        if (arg.is("null")) {
            fill = Fill.NULL;
        } else if (arg.is("none")) {
            fill = new Fill(FillKind.NONE, 0);
        } else if (arg.is("previous")) {
            fill = new Fill(FillKind.PREVIOUS, 0);
        } else if (arg.is("linear")) {
            fill = new Fill(FillKind.LINEAR, 0);
        } else {
            boolean negative = arg.kind() == Kind.SUB;
            Token number = negative ? tokens.next() : arg;
            if (number.kind() != Kind.NUMBER && number.kind() != Kind.INTEGER) {
                throw tokens.error("expected number argument in fill()");
            }
            fill = new Fill(FillKind.NUMBER, (negative ? -1 : 1) * Double.parseDouble(number.text()));
        }
        tokens.expect(Kind.RPAREN, ")");
        return fill;
    }

    /** ORDER BY time [ASC|DESC]: true for descending. */
    private boolean orderBy() {
        if (!tokens.accept("ORDER")) {
            return false;
        }
        tokens.expect("BY");
        Token field = tokens.next();
        if (!field.is("time") && !(field.quoted() && field.text().equals("time"))) {
            throw tokens.error("only ORDER BY time supported at this time");
        }
        if (tokens.accept("DESC")) {
            return true;
        }
        tokens.accept("ASC");
        return false;
    }

    private String timezone() {
        if (!tokens.peek().is("tz")) {
            return null;
        }
        tokens.next();
        tokens.expect(Kind.LPAREN, "(");
        String zone = tokens.expect(Kind.STRING, "string").text();
        tokens.expect(Kind.RPAREN, ")");
        return zone;
    }
}
