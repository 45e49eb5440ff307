package io.bucketry.server.security;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tokens are configured as SHA-256 hashes with scopes and matched by comparing hashes, never text. */
class AccessTokensTest {

    private static String sha256Hex(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aTokenMatchesTheEntryOfItsSha256Hash() throws Exception {
        // given an entry written from the token's hash, computed independently
        AccessTokens tokens = AccessTokens.parse("sha256:" + sha256Hex("s3cret") + ":read,write");

        // when the token, another token and the hash itself are offered
        // then only the token matches: the hash is no password
        assertThat(tokens.scopesOf("s3cret")).contains(Set.of(Scope.READ, Scope.WRITE));
        assertThat(tokens.scopesOf("s3cret ")).isEmpty();
        assertThat(tokens.scopesOf(sha256Hex("s3cret"))).isEmpty();
        assertThat(tokens.scopesOf("")).isEmpty();
    }

    @Test
    void theComparisonUsesFixedLengthHashesWithMessageDigestIsEqual() {
        // given tokens of very different lengths, all hashed to 32 bytes
        assertThat(AccessTokens.sha256("a")).hasSize(32);
        assertThat(AccessTokens.sha256("a".repeat(10_000))).hasSize(32);
        // when one is configured, a prefix of it does not match (a length or prefix leak would show here)
        String token = AccessTokens.newToken();
        AccessTokens tokens = AccessTokens.parse(AccessTokens.entryOf(token, EnumSet.of(Scope.ADMIN)));
        assertThat(tokens.scopesOf(token.substring(0, 10))).isEmpty();
        assertThat(tokens.scopesOf(token)).contains(Set.of(Scope.ADMIN));
    }

    @Test
    void severalEntriesApartBySpacesOrSemicolonsEachKeepTheirScopes() {
        String reader = AccessTokens.newToken();
        String writer = AccessTokens.newToken();
        AccessTokens tokens = AccessTokens.parse(AccessTokens.entryOf(reader, EnumSet.of(Scope.READ)) + " ;\n"
                + AccessTokens.entryOf(writer, EnumSet.of(Scope.WRITE)));

        assertThat(tokens.scopesOf(reader)).contains(Set.of(Scope.READ));
        assertThat(tokens.scopesOf(writer)).contains(Set.of(Scope.WRITE));
        assertThat(tokens.enabled()).isTrue();
        assertThat(tokens).isEqualTo(AccessTokens.parse(AccessTokens.entryOf(reader, EnumSet.of(Scope.READ)) + " "
                + AccessTokens.entryOf(writer, EnumSet.of(Scope.WRITE))));
        assertThat(AccessTokens.parse(" ").enabled()).isFalse();
        assertThat(AccessTokens.parse("none").enabled()).isFalse();
    }

    @Test
    void newTokensAreRandomAndTheirEntryNeverHoldsThemInClear() {
        String token = AccessTokens.newToken();
        assertThat(token).hasSize(43).isNotEqualTo(AccessTokens.newToken());
        String entry = AccessTokens.entryOf(token, EnumSet.of(Scope.READ));
        assertThat(entry).matches("sha256:[0-9a-f]{64}:read").doesNotContain(token);
        assertThat(AccessTokens.parse(entry).toString()).isEqualTo("1 token");
    }

    @Test
    void adminGrantsEveryScopeAndTheOthersOnlyTheirOwn() {
        assertThat(Scope.ADMIN.grants(Scope.READ)).isTrue();
        assertThat(Scope.ADMIN.grants(Scope.WRITE)).isTrue();
        assertThat(Scope.READ.grants(Scope.WRITE)).isFalse();
        assertThat(Scope.WRITE.grants(Scope.READ)).isFalse();
        assertThat(Scope.WRITE.grants(Scope.ADMIN)).isFalse();
    }

    @Test
    void aTokenInClearOrAnUnknownScopeIsRefusedWithoutEchoingTheValue() {
        assertThatThrownBy(() -> AccessTokens.parse("sha256:my-secret-token:read"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("token entry 1 has no SHA-256 hash").hasMessageNotContaining("my-secret-token");
        assertThatThrownBy(() -> AccessTokens.parse("my-secret-token"))
                .hasMessage("token entry 1 is not sha256:<hex>:<scopes>");
        assertThatThrownBy(() -> AccessTokens.parse("sha256:" + "ab".repeat(32) + ":superuser"))
                .hasMessageContaining("scope 'superuser' is not one of read, write, admin");
    }
}
