package io.bucketry.server.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a token may do: read (queries, export, Grafana, metrics), write (ingest), admin (delete, and read and write). */
public enum Scope {
    READ, WRITE, ADMIN;

    static final String ALLOWED = Arrays.stream(values()).map(Scope::key).collect(Collectors.joining(", "));

    /** The scope's name in configuration: {@code read}, {@code write}, {@code admin}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when a token of this scope may do what {@code needed} allows. */
    public boolean grants(Scope needed) {
        return this == ADMIN || this == needed;
    }

    /** The scope named {@code text}; IllegalArgumentException naming the allowed ones otherwise. */
    public static Scope parse(String text) {
        return Arrays.stream(values()).filter(s -> s.key().equals(text.strip().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("scope '" + text + "' is not one of " + ALLOWED));
    }
}
