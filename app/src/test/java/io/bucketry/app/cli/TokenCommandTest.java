package io.bucketry.app.cli;

import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bucketry token} prints a new token once and the hashed entry that makes the server accept it. */
class TokenCommandTest {

    @Test
    void theTokenPrintedIsAcceptedByTheEntryPrintedBesideIt() {
        // when a read,write token is made
        Cli.Run run = Cli.run("token", "--scope", "read,write");

        // then the entry holds its hash, not the token, and grants the scopes asked for
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> lines = run.out().strip().lines().toList();
        assertThat(lines).hasSize(2);
        String token = lines.get(0).substring(lines.get(0).lastIndexOf(' ') + 1);
        String entry = lines.get(1).substring(lines.get(1).lastIndexOf(' ') + 1);
        assertThat(entry).matches("sha256:[0-9a-f]{64}:read,write").doesNotContain(token);
        assertThat(AccessTokens.parse(entry).scopesOf(token)).contains(Set.of(Scope.READ, Scope.WRITE));
    }

    @Test
    void anUnknownScopeIsAOneLineError() {
        Cli.Run run = Cli.run("token", "--scope", "root");

        Cli.assertOneLineError(run, 1, "scope 'root' is not one of read, write, admin");
    }
}
