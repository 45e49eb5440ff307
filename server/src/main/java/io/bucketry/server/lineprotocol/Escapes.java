package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The line protocol's separators and escapes: a backslash escapes {@code ,} and space in a
 * measurement, also {@code =} in tag keys, tag values and field keys, and {@code "} and a
 * backslash in a quoted string; any other backslash is itself.
 */
final class Escapes {

    private Escapes() {
    }

    static int skipBlanks(byte[] b, int i, int e) {
        while (i < e && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** Where the token at {@code i} ends: at a blank or {@code e}. */
    static int tokenEnd(byte[] b, int i, int e) {
        while (i < e && b[i] != ' ' && b[i] != '\t') {
            i++;
        }
        return i;
    }

    /** Where an unquoted field value ends: at a comma, a blank or {@code e}. */
    static int valueEnd(byte[] b, int i, int e) {
        while (i < e && b[i] != ',' && b[i] != ' ' && b[i] != '\t') {
            i++;
        }
        return i;
    }

    /** Where the measurement and tags end: at the first unescaped space; NO_FIELDS if there is none. */
    static int seriesKeyEnd(byte[] b, int i, int e) {
        for (; i < e; i++) {
            if (b[i] == '\\' && i + 1 < e && isEscapable(b[i + 1], true)) {
                i++;
            } else if (b[i] == ' ' || b[i] == '\t') {
                return i;
            }
        }
        throw new LineError(RejectionReason.NO_FIELDS,
                "the line has no fields: expected a space after the measurement and tags");
    }

    /** Where a key (or, with {@code stopAtEquals} false, a tag value / measurement) ends: at an unescaped {@code = , } or space. */
    static int keyEnd(byte[] b, int i, int e) {
        return end(b, i, e, true, true);
    }

    static int end(byte[] b, int i, int e, boolean stopAtEquals, boolean equalsEscapable) {
        for (; i < e; i++) {
            byte c = b[i];
            if (c == '\\' && i + 1 < e && isEscapable(b[i + 1], equalsEscapable)) {
                i++;
            } else if (c == ',' || c == ' ' || c == '\t' || stopAtEquals && c == '=') {
                return i;
            }
        }
        return e;
    }

    /** The position of the closing quote of a string starting at {@code i} (after the opening quote), or {@code e}. */
    static int quoteEnd(byte[] b, int i, int e) {
        for (; i < e; i++) {
            if (b[i] == '\\' && i + 1 < e && (b[i + 1] == '"' || b[i + 1] == '\\')) {
                i++;
            } else if (b[i] == '"') {
                return i;
            }
        }
        return e;
    }

    /** The text of quoted string field {@code field} with its escapes resolved; refused when it is not valid UTF-8. */
    static String unquote(byte[] b, int s, int e, String field) {
        byte[] resolved = resolve(b, s, e, true, false, false);
        return resolved == null ? StrictUtf8.decode(b, s, e, field) : StrictUtf8.decode(resolved, 0, resolved.length, field);
    }

    /** The text of a name with its escapes resolved ({@code =} only when {@code equalsEscapable}). */
    static String unescape(byte[] b, int s, int e, boolean equalsEscapable) {
        byte[] resolved = resolve(b, s, e, false, true, equalsEscapable);
        return resolved == null ? new String(b, s, e - s, StandardCharsets.UTF_8) : new String(resolved, StandardCharsets.UTF_8);
    }

    /** The bytes of {@code b[s, e)} with their escapes resolved; null when there is none (the bytes are the text). */
    private static byte[] resolve(byte[] b, int s, int e, boolean quoted, boolean name, boolean equalsEscapable) {
        int first = s;
        while (first < e && b[first] != '\\') {
            first++;
        }
        if (first == e) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(e - s);
        out.write(b, s, first - s);
        for (int i = first; i < e; i++) {
            if (b[i] == '\\' && i + 1 < e && (quoted && (b[i + 1] == '"' || b[i + 1] == '\\')
                    || name && isEscapable(b[i + 1], equalsEscapable))) {
                i++;
            }
            out.write(b[i]);
        }
        return out.toByteArray();
    }

    private static boolean isEscapable(byte c, boolean equalsEscapable) {
        return c == ',' || c == ' ' || equalsEscapable && c == '=';
    }
}
