package io.bucketry.server.http;

import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;

import java.util.EnumSet;

/** Three tokens for the HTTP tests, one per scope, and the configuration that accepts them. */
final class Tokens {

    static final String READ = AccessTokens.newToken();
    static final String WRITE = AccessTokens.newToken();
    static final String ADMIN = AccessTokens.newToken();

    private Tokens() {
    }

    static AccessTokens configured() {
        return AccessTokens.parse(String.join(" ",
                AccessTokens.entryOf(READ, EnumSet.of(Scope.READ)),
                AccessTokens.entryOf(WRITE, EnumSet.of(Scope.WRITE)),
                AccessTokens.entryOf(ADMIN, EnumSet.of(Scope.ADMIN))));
    }
}
