package io.bucketry.server.json;

import com.fasterxml.jackson.core.JacksonException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a JSON parser's complaint means to the sender, without the parser's own names or source dumps. */
public final class JsonErrors {

    /** The longest piece of a parser message kept: it may quote the input. */
    public static final int MAX_SHOWN = 100;

    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(start marker )?at \\[Source:.*?](\\))?");
    private static final String HINT_WORDS = "(enable|disable|set|from|use|through|with)\\b[^`)]*`[^`]*`";
    private static final Pattern HINT_IN_PARENS = Pattern.compile("\\s*\\(" + HINT_WORDS + "[^)]*\\)");
    private static final Pattern HINT = Pattern.compile("[;:,]?\\s*" + HINT_WORDS + "[^);]*");
    private static final Pattern BACKTICKED = Pattern.compile("`[^`]*`");

    private static final Pattern CONTROL = Pattern.compile("Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*");
    private static final Pattern UNQUOTED = Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*");
    private static final Pattern TOKEN = Pattern.compile("Unrecognized token '(.*)': was expecting.*");
    private static final Pattern NON_NUMERIC = Pattern.compile("Non-standard token '([^']*)'.*");
    private static final Pattern UTF8 = Pattern.compile("Invalid UTF-8:? ?(.*)");
    private static final int MAX_TOKEN = 40;

    private JsonErrors() {
    }

    /** The parser's wording of the common complaints rewritten as the sender would say it; others unchanged. */
    private static String inUsersTerms(String complaint) {
        Matcher m;
        if ((m = CONTROL.matcher(complaint)).matches()) {
            int code = Integer.parseInt(m.group(1));
            return String.format("byte 0x%02x is not JSON text", code)
                    + (code == 0x1f ? " (a gzip body needs Content-Encoding: gzip)" : "");
        }
        if ((m = UNQUOTED.matcher(complaint)).matches()) {
            return String.format("a text holds control character 0x%02x; write it escaped as \\u%04x",
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(1)));
        }
        if ((m = TOKEN.matcher(complaint)).matches()) {
            String token = m.group(1).length() <= MAX_TOKEN ? m.group(1) : m.group(1).substring(0, MAX_TOKEN) + "…";
            return "'" + token + "' is not a JSON value (expected a number, a text in quotes, true, false or null)";
        }
        if ((m = NON_NUMERIC.matcher(complaint)).matches()) {
            return m.group(1) + " is not a JSON number; send finite numbers only";
        }
        if ((m = UTF8.matcher(complaint)).matches()) {
            String detail = m.group(1).isEmpty() ? "" : " (" + Character.toLowerCase(m.group(1).charAt(0))
                    + m.group(1).substring(1) + ")";
            return "it is not valid UTF-8" + detail + "; send the body as UTF-8";
        }
        return complaint;
    }

    /** The first line of {@code e}'s message, cut to {@link #MAX_SHOWN} characters, naming no parser internals. */
    public static String describe(JacksonException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String first = message.lines().findFirst().orElse("").strip();
        String cleaned = first;
        for (Pattern noise : new Pattern[] {SOURCE, HINT_IN_PARENS, HINT, BACKTICKED}) {
            cleaned = noise.matcher(cleaned).replaceAll("");
        }
        cleaned = inUsersTerms(cleaned.strip());
        if (cleaned.isEmpty()) {
            cleaned = "unexpected content";
        }
        return cleaned.length() <= MAX_SHOWN ? cleaned : cleaned.substring(0, MAX_SHOWN) + "…";
    }
}
