package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Token.Kind;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The parser's cursor over a {@link Lexer}: one token of look-ahead and InfluxDB's error wording. */
final class Tokens {

    private final String text;
    private final Lexer lexer;
    private Token peeked;

    Tokens(String text) {
        this.text = text;
        this.lexer = new Lexer(text);
    }

    Token peek() {
        if (peeked == null) {
            peeked = lexer.next();
        }
        return peeked;
    }

    Token next() {
        Token token = peek();
        peeked = null;
        return token;
    }

    /** Takes the next token when it is the unquoted keyword {@code word}. */
    boolean accept(String word) {
        if (peek().is(word)) {
            peeked = null;
            return true;
        }
        return false;
    }

    /** Takes the next token when it is of {@code kind}. */
    boolean accept(Kind kind) {
        if (peek().kind() == kind) {
            peeked = null;
            return true;
        }
        return false;
    }

    void expect(String word) {
        if (!accept(word)) {
            throw unexpected(peek(), word);
        }
    }

    Token expect(Kind kind, String shown) {
        if (peek().kind() != kind) {
            throw unexpected(peek(), shown);
        }
        return next();
    }

    /** An identifier (quoted, or unquoted and no keyword). */
    String identifier() {
        Token token = peek();
        if (token.kind() != Kind.IDENT || !token.quoted() && Keywords.is(token.text())) {
            throw unexpected(token, "identifier");
        }
        return next().text();
    }

    /** A non-negative whole number (LIMIT, OFFSET). */
    long integer() {
        Token token = expect(Kind.INTEGER, "integer");
        try {
            return Long.parseLong(token.text());
        } catch (NumberFormatException e) {
            throw new ParseException("unable to parse integer at line " + line(token.pos()) + ", char " + column(token.pos()));
        }
    }

    /** The regular expression at the next token, which must be its opening {@code /}. */
    Expr.RegexLit regex() {
        Token slash = peek();
        if (slash.kind() != Kind.DIV) {
            throw unexpected(slash, "regex");
        }
        peeked = null;
        String source = lexer.regexAt(slash.pos());
        if (source == null) {
            throw unexpected(new Token(Kind.BADSTRING, text.substring(slash.pos()), slash.pos(), false), "regex");
        }
        try {
            return new Expr.RegexLit(com.google.re2j.Pattern.compile(source));
        } catch (com.google.re2j.PatternSyntaxException e) {
            // InfluxDB places a regex error one character before the regex's opening slash
            throw new ParseException(e.getMessage() + " at line " + line(slash.pos()) + ", char " + (column(slash.pos()) - 1));
        }
    }

    ParseException unexpected(Token found, String... expected) {
        if (found.kind() == Kind.BADSTRING) {
            // InfluxDB places an unclosed string one character before its opening quote
            return new ParseException("found " + found.text() + ", expected " + String.join(", ", expected)
                    + " at line " + line(found.pos()) + ", char " + (column(found.pos()) - 1));
        }
        return new ParseException("found " + found.shown() + ", expected "
                + Arrays.stream(expected).collect(Collectors.joining(", "))
                + " at line " + line(found.pos()) + ", char " + column(found.pos()));
    }

    ParseException error(String message) {
        return new ParseException(message);
    }

    private int line(int pos) {
        int line = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private int column(int pos) {
        int newline = text.lastIndexOf('\n', Math.min(pos, text.length()) - 1);
        return pos - newline;
    }
}
