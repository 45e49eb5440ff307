package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.security.TlsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** With a keystore or PEM files configured the API answers HTTPS, over TLS 1.2 or 1.3 only, with tokens as usual. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsHttpsTest {

    @TempDir
    static Path directory;

    private SelfSigned certificate;
    private Bucketry bucketry;

    @BeforeAll
    void start() throws Exception {
        certificate = SelfSigned.in(directory);
        bucketry = Bucketry.start(BucketryConfig.defaults());
    }

    @AfterAll
    void stop() {
        bucketry.close();
    }

    private HttpResponse<String> get(ApiServer server, String path, String... protocols) throws Exception {
        SSLParameters parameters = new SSLParameters();
        parameters.setProtocols(protocols);
        HttpClient client = HttpClient.newBuilder().sslContext(certificate.trustingContext()).sslParameters(parameters).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + path));
        request.header("Authorization", "Bearer " + Tokens.READ);
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private ApiServer serve(TlsConfig tls) {
        ServerConfig config = LocalServer.builder().tls(tls).tokens(Tokens.configured()).build();
        return ApiServer.start(bucketry, config);
    }

    @Test
    void aKeystoreServesHttpsToAClientThatTrustsTheCertificate() throws Exception {
        // given the server on a PKCS12 keystore
        try (ApiServer server = serve(new TlsConfig(certificate.keystore(), SelfSigned.PASSWORD, null, null))) {
            // when a client trusting the certificate asks over TLS 1.3 and over TLS 1.2, then both are answered
            assertThat(get(server, "/health", "TLSv1.3").statusCode()).isEqualTo(200);
            assertThat(get(server, "/v1/series", "TLSv1.2").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void pemFilesServeHttpsToo() throws Exception {
        try (ApiServer server = serve(new TlsConfig(null, null, certificate.cert(), certificate.key()))) {
            assertThat(get(server, "/v1/series", "TLSv1.3").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aTls11OnlyClientIsRefusedInTheHandshake() throws Exception {
        try (ApiServer server = serve(new TlsConfig(certificate.keystore(), SelfSigned.PASSWORD, null, null))) {
            // when a client offers only TLS 1.1 (and the server's protocols are asked for directly)
            assertThatThrownBy(() -> get(server, "/health", "TLSv1.1")).isInstanceOf(IOException.class);
            try (SSLSocket socket = (SSLSocket) certificate.trustingContext().getSocketFactory()
                    .createSocket("localhost", server.port())) {
                socket.setEnabledProtocols(new String[] {"TLSv1.1"});
                // then no handshake completes
                assertThatThrownBy(socket::startHandshake).isInstanceOf(SSLException.class);
            }
            assertThat(TlsConnector.PROTOCOLS).containsExactly("TLSv1.3", "TLSv1.2");
        }
    }

    @Test
    void plainHttpIsNotServedByAnHttpsServer() throws Exception {
        try (ApiServer server = serve(new TlsConfig(certificate.keystore(), SelfSigned.PASSWORD, null, null))) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/health")).build();
            int status;
            try {
                status = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
            } catch (IOException e) {
                status = -1;   // the connection was closed: no handshake
            }
            assertThat(status).isIn(-1, 400);
        }
    }

    @Test
    void aWrongKeystorePasswordStopsTheServerWithAClearMessageWithoutThePassword() {
        assertThatThrownBy(() -> serve(new TlsConfig(certificate.keystore(), "wrong-password-xyz", null, null)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot read the TLS keystore " + certificate.keystore())
                .hasMessageNotContaining("wrong-password-xyz");
        assertThat(new TlsConfig(certificate.keystore(), "wrong-password-xyz", null, null).toString())
                .doesNotContain("wrong-password-xyz");
    }
}
