package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** tokens, metricsOpen and the TLS keys load like every key, and neither a token nor a password is ever shown. */
class SecurityConfigTest {

    private static final String TOKEN = "the-token-in-clear";
    private static final String ENTRY = AccessTokens.entryOf(TOKEN, EnumSet.of(Scope.WRITE));

    @Test
    void tokensComeFromTheEnvironmentAndAreShownOnlyAsACount() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_TOKENS", ENTRY));

        assertThat(config.server().tokens().scopesOf(TOKEN)).contains(Set.of(Scope.WRITE));
        assertThat(config.toString()).contains("tokens=1 token").doesNotContain(TOKEN).doesNotContain(ENTRY);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).server().tokens().enabled()).isFalse();
    }

    @Test
    void aYamlListOfTokensIsRead(@TempDir Path directory) throws Exception {
        String second = AccessTokens.entryOf("other", EnumSet.of(Scope.READ));
        Path file = Files.writeString(directory.resolve("b.yaml"), "tokens:\n  - " + ENTRY + "\n  - " + second
                + "\nmetricsOpen: true\n");

        AppConfig config = ConfigLoader.load(Map.of(), file, Map.of());

        assertThat(config.server().tokens().scopesOf("other")).contains(Set.of(Scope.READ));
        assertThat(config.server().tokens().toString()).isEqualTo("2 tokens");
        assertThat(config.server().metricsOpen()).isTrue();
    }

    @Test
    void aTokenConfiguredInClearIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(ConfigKey.TOKENS, "sha256:" + TOKEN + ":read"), null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid tokens '(hidden)' (from flag --tokens)")
                .hasMessageNotContaining(TOKEN);
    }

    @Test
    void theKeystorePasswordIsNeverShown() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_TLS_KEYSTORE", "/etc/bucketry/server.p12",
                "BUCKETRY_TLS_KEYSTORE_PASSWORD", "pw-in-clear"));

        assertThat(config.server().tls().enabled()).isTrue();
        assertThat(config.toString()).contains("tls=keystore /etc/bucketry/server.p12 (password set)")
                .doesNotContain("pw-in-clear");
        assertThat(config.server().toString()).doesNotContain("pw-in-clear");
    }

    @Test
    void aCertificateWithoutItsKeyIsRefused() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_TLS_CERT", "/etc/cert.pem")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("TLS from PEM files needs both tlsCert and tlsKey; only tlsCert is set");
    }
}
