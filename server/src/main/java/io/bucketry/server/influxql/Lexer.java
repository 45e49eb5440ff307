package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Token.Kind;

/**
 * Splits an InfluxQL text into {@link Token}s, one at a time. A regular expression is read only when
 * the parser asks for one ({@link #regexAt}), as {@code /} is otherwise division.
 */
final class Lexer {

    private final String text;
    private int pos;

    Lexer(String text) {
        this.text = text;
    }

    /** The next token; EOF once the text is used up. */
    Token next() {
        skipBlanks();
        if (pos >= text.length()) {
            return new Token(Kind.EOF, "", eofPosition(), false);
        }
        int start = pos;
        char c = text.charAt(pos);
        if (Character.isLetter(c) || c == '_') {
            return identifier(start);
        }
        if (c >= '0' && c <= '9' || c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1))) {
            return number(start);
        }
        pos++;
        return switch (c) {
            case '"' -> quoted(start, '"', Kind.IDENT);
            case '\'' -> quoted(start, '\'', Kind.STRING);
            case ',' -> token(Kind.COMMA, start);
            case '(' -> token(Kind.LPAREN, start);
            case ')' -> token(Kind.RPAREN, start);
            case ';' -> token(Kind.SEMICOLON, start);
            case '.' -> token(Kind.DOT, start);
            case '+' -> token(Kind.ADD, start);
            case '-' -> token(Kind.SUB, start);
            case '*' -> token(Kind.MUL, start);
            case '/' -> token(Kind.DIV, start);
            case '%' -> token(Kind.MOD, start);
            case ':' -> follows(':') ? token(Kind.DOUBLECOLON, start) : token(Kind.ILLEGAL, start);
            case '=' -> follows('~') ? token(Kind.EQREGEX, start) : token(Kind.EQ, start);
            case '!' -> follows('=') ? token(Kind.NEQ, start) : follows('~') ? token(Kind.NEQREGEX, start)
                    : token(Kind.ILLEGAL, start);
            case '<' -> follows('=') ? token(Kind.LTE, start) : follows('>') ? token(Kind.NEQ, start) : token(Kind.LT, start);
            case '>' -> follows('=') ? token(Kind.GTE, start) : token(Kind.GT, start);
            default -> token(Kind.ILLEGAL, start);
        };
    }

    /**
     * Where InfluxDB places the end of the text: one past it when its scanner had to look beyond the last
     * character to end the last token (a word, a number, blanks, an operator), at it otherwise.
     */
    private int eofPosition() {
        char last = text.isEmpty() ? ' ' : text.charAt(text.length() - 1);
        return "()\",;'*+%".indexOf(last) >= 0 ? text.length() : text.length() + 1;
    }

    /**
     * The regular expression whose opening {@code /} is at {@code slash}, read up to the next unescaped
     * {@code /} ({@code \/} stands for a slash); null when it is not closed. The lexer continues after it.
     */
    String regexAt(int slash) {
        StringBuilder pattern = new StringBuilder();
        int i = slash + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '/') {
                pos = i + 1;
                return pattern.toString();
            }
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                pattern.append('/');
                i += 2;
            } else {
                pattern.append(c);
                i++;
            }
        }
        pos = text.length();
        return null;
    }

    private Token identifier(int start) {
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        return new Token(Kind.IDENT, text.substring(start, pos), start, false);
    }

    /** An integer, a number ({@code 1.5}, {@code .5}, {@code 1e3}) or a duration ({@code 10m}, {@code 1600000000000ms}). */
    private Token number(int start) {
        digits();
        boolean integer = true;
        if (pos < text.length() && text.charAt(pos) == '.') {
            integer = false;
            pos++;
            digits();
        }
        if (pos + 1 < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')
                && (isDigit(text.charAt(pos + 1)) || (text.charAt(pos + 1) == '+' || text.charAt(pos + 1) == '-')
                && pos + 2 < text.length() && isDigit(text.charAt(pos + 2)))) {
            integer = false;
            pos += 2;
            digits();
        }
        if (integer) {
            int unitEnd = durationUnitEnd(pos);
            if (unitEnd > pos) {
                pos = unitEnd;
                return new Token(Kind.DURATION, text.substring(start, pos), start, false);
            }
        }
        return new Token(integer ? Kind.INTEGER : Kind.NUMBER, text.substring(start, pos), start, false);
    }

    /** Where a duration unit starting at {@code at} ends (ns, u, µ, ms, s, m, h, d, w), or {@code at} when none does. */
    private int durationUnitEnd(int at) {
        if (at >= text.length()) {
            return at;
        }
        char c = text.charAt(at);
        int end = at + 1;
        if (c == 'n') {
            end = text.startsWith("ns", at) ? at + 2 : at;
        } else if (c == 'm' && text.startsWith("ms", at)) {
            end = at + 2;
        } else if ("uµsmhdw".indexOf(c) < 0) {
            return at;
        }
        // "1min" is no duration followed by an identifier: a unit must end the word
        return end > at && (end >= text.length() || !Character.isLetterOrDigit(text.charAt(end)) && text.charAt(end) != '_')
                ? end : at;
    }

    /** A double-quoted identifier or single-quoted string, with \\, \" and \' (and \n in strings) unescaped. */
    private Token quoted(int start, char quote, Kind kind) {
        StringBuilder value = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == quote) {
                return new Token(kind, value.toString(), start, kind == Kind.IDENT);
            }
            if (c == '\n') {
                break;
            }
            if (c == '\\' && pos < text.length()) {
                char escaped = text.charAt(pos++);
                switch (escaped) {
                    case '\\', '"', '\'' -> value.append(escaped);
                    case 'n' -> value.append('\n');
                    default -> {
                        return new Token(Kind.BADESCAPE, "\\" + escaped, pos - 2, false);
                    }
                }
            } else {
                value.append(c);
            }
        }
        return new Token(Kind.BADSTRING, value.toString(), start, false);
    }

    private void digits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private boolean follows(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private Token token(Kind kind, int start) {
        return new Token(kind, text.substring(start, pos), start, false);
    }

    /** Skips white space and comments ({@code -- …} to the end of the line, {@code /* … *\/}). */
    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '-' && text.startsWith("--", pos)) {
                int end = text.indexOf('\n', pos);
                pos = end < 0 ? text.length() : end + 1;
            } else if (c == '/' && text.startsWith("/*", pos)) {
                int end = text.indexOf("*/", pos + 2);
                pos = end < 0 ? text.length() : end + 2;
            } else {
                return;
            }
        }
    }
}
