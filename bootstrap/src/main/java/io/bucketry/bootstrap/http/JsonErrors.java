package io.bucketry.bootstrap.http;

import com.fasterxml.jackson.core.JacksonException;

import java.util.regex.Pattern;

/** What a JSON parser's complaint means to the sender, without the parser's own names or source dumps. */
final class JsonErrors {

    /** The longest piece of a parser message kept: it may quote the input. */
    static final int MAX_SHOWN = 100;

    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(start marker )?at \\[Source:.*?](\\))?");
    private static final String HINT_WORDS = "(enable|disable|set|from|use|through|with)\\b[^`)]*`[^`]*`";
    private static final Pattern HINT_IN_PARENS = Pattern.compile("\\s*\\(" + HINT_WORDS + "[^)]*\\)");
    private static final Pattern HINT = Pattern.compile("[;:,]?\\s*" + HINT_WORDS + "[^);]*");
    private static final Pattern BACKTICKED = Pattern.compile("`[^`]*`");

    private JsonErrors() {
    }

    /** The first line of {@code e}'s message, cut to {@link #MAX_SHOWN} characters, naming no parser internals. */
    static String describe(JacksonException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String first = message.lines().findFirst().orElse("").strip();
        String cleaned = first;
        for (Pattern noise : new Pattern[] {SOURCE, HINT_IN_PARENS, HINT, BACKTICKED}) {
            cleaned = noise.matcher(cleaned).replaceAll("");
        }
        cleaned = cleaned.strip();
        if (cleaned.isEmpty()) {
            cleaned = "unexpected content";
        }
        return cleaned.length() <= MAX_SHOWN ? cleaned : cleaned.substring(0, MAX_SHOWN) + "…";
    }
}
