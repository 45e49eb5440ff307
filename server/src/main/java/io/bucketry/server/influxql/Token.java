package io.bucketry.server.influxql;

/**
 * One token of an InfluxQL text: its kind, its text (unquoted and unescaped for identifiers and
 * strings), its offset in the text and, for identifiers, whether it was double-quoted (a quoted
 * identifier is never a keyword).
 */
record Token(Kind kind, String text, int pos, boolean quoted) {

    /** The kinds of token. */
    enum Kind {
        IDENT, STRING, NUMBER, INTEGER, DURATION, BADSTRING, BADESCAPE, ILLEGAL, EOF,
        COMMA, LPAREN, RPAREN, SEMICOLON, DOT, DOUBLECOLON,
        ADD, SUB, MUL, DIV, MOD, EQ, NEQ, EQREGEX, NEQREGEX, LT, LTE, GT, GTE
    }

    /** True for an unquoted identifier spelling {@code keyword} in any case. */
    boolean is(String keyword) {
        return kind == Kind.IDENT && !quoted && text.equalsIgnoreCase(keyword);
    }

    /** How an error message shows the token, as InfluxDB does: {@code EOF}, keywords in capitals, else the text. */
    String shown() {
        return switch (kind) {
            case EOF -> "EOF";
            case IDENT -> quoted || !Keywords.is(text) ? text : text.toUpperCase(java.util.Locale.ROOT);
            default -> text;
        };
    }
}
