package io.bucketry.app.cli;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Without tokens, serve stays on loopback unless told explicitly that a network bind is meant. */
class NetworkExposureTest {

    private static final AccessTokens ONE = AccessTokens.parse(AccessTokens.entryOf("t", EnumSet.of(Scope.READ)));

    @Test
    void aLoopbackBindNeedsNoToken() {
        assertThat(NetworkExposure.check(ServerConfig.builder().bind("127.0.0.1").build(), false)).isEmpty();
        assertThat(NetworkExposure.check(ServerConfig.builder().bind("localhost").build(), false)).isEmpty();
        assertThat(NetworkExposure.check(ServerConfig.builder().bind("::1").build(), false)).isEmpty();
    }

    @Test
    void aNetworkBindWithoutTokensIsRefusedUnlessTheFlagSaysItIsMeant() {
        ServerConfig open = ServerConfig.builder().bind("0.0.0.0").build();

        assertThatThrownBy(() -> NetworkExposure.check(open, false)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("refusing to serve on 0.0.0.0 without tokens")
                .hasMessageContaining("--insecure-no-auth-on-network");
        assertThat(NetworkExposure.check(open, true)).hasValueSatisfying(w -> assertThat(w).contains("without authentication"));
    }

    @Test
    void aNetworkBindWithTokensIsServedWithAWarningWhenWithoutTls() {
        ServerConfig tokens = ServerConfig.builder().bind("0.0.0.0").tokens(ONE).build();

        assertThat(NetworkExposure.check(tokens, false)).hasValueSatisfying(w -> assertThat(w).contains("without TLS"));
    }

    @Test
    void serveRefusesANetworkBindWithoutTokensAsAOneLineError() {
        Cli.Run run = Cli.run("serve", "--bind", "0.0.0.0", "--port", "0");

        Cli.assertOneLineError(run, 2, "refusing to serve on 0.0.0.0 without tokens");
    }
}
