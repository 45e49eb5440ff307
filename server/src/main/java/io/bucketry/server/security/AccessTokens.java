package io.bucketry.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The tokens the server accepts, held only as SHA-256 hashes with their scopes: written
 * {@code sha256:<64 hex digits>:<scope>[,<scope>]}, entries apart by spaces or {@code ;}. A token
 * offered is hashed and compared with every entry by {@link MessageDigest#isEqual} (timing-safe).
 * No token configured means authentication is off.
 */
public final class AccessTokens {

    public static final String ALLOWED = "entries sha256:<64 hex digits>:<scope>[,<scope>] apart by spaces or ';' "
            + "(scopes: " + Scope.ALLOWED + "), made by 'bucketry token'; none or an empty value for no authentication";

    private static final String PREFIX = "sha256:";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final List<Entry> entries;

    private AccessTokens(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** No token: every request is served without authentication. */
    public static AccessTokens none() {
        return new AccessTokens(List.of());
    }

    /** The entries of {@code text}; IllegalArgumentException naming the first one that is malformed (never in clear). */
    public static AccessTokens parse(String text) {
        List<Entry> entries = new ArrayList<>();
        String value = text.strip();
        if (value.isEmpty() || value.equals("none")) {
            return none();
        }
        int n = 0;
        for (String item : value.split("[\\s;]+")) {
            n++;
            entries.add(entry(item, n));
        }
        return new AccessTokens(entries);
    }

    /** True when at least one token is configured, so that requests must bring one. */
    public boolean enabled() {
        return !entries.isEmpty();
    }

    /** The scopes of the token offered in clear, or empty when it matches no entry; every entry is compared. */
    public Optional<Set<Scope>> scopesOf(String token) {
        byte[] offered = sha256(token);
        Set<Scope> found = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.hash(), offered)) {
                found = entry.scopes();
            }
        }
        return Optional.ofNullable(found);
    }

    /** A new random token (256 bits, URL-safe Base64): shown once to the user, never stored. */
    public static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The configuration entry of {@code token} with {@code scopes}: {@code sha256:<hex>:read,write}. */
    public static String entryOf(String token, Set<Scope> scopes) {
        return PREFIX + HexFormat.of().formatHex(sha256(token)) + ":"
                + String.join(",", scopes.stream().map(Scope::key).toList());
    }

    /** How many tokens, never their hashes. */
    @Override
    public String toString() {
        return entries.size() + (entries.size() == 1 ? " token" : " tokens");
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);   // every JDK must have it
        }
    }

    private static Entry entry(String item, int n) {
        String[] parts = item.split(":", -1);
        String where = "token entry " + n;
        if (parts.length != 3 || !(parts[0] + ":").equals(PREFIX)) {
            throw new IllegalArgumentException(where + " is not sha256:<hex>:<scopes>");
        }
        if (!parts[1].matches("[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException(where + " has no SHA-256 hash of 64 hex digits; "
                    + "configure the line 'bucketry token' prints, not the token itself");
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String scope : parts[2].split(",")) {
            try {
                scopes.add(Scope.parse(scope));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage());
            }
        }
        return new Entry(HexFormat.of().parseHex(parts[1].toLowerCase(java.util.Locale.ROOT)), Set.copyOf(scopes));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AccessTokens tokens && tokens.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    private record Entry(byte[] hash, Set<Scope> scopes) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Entry entry && Arrays.equals(entry.hash, hash) && entry.scopes.equals(scopes);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(hash) + scopes.hashCode();
        }

        @Override
        public String toString() {
            return "token of " + scopes;   // never the hash
        }
    }
}
