package io.bucketry.server.http;

import io.bucketry.server.ServerConfig;
import io.bucketry.server.security.TlsConfig;
import io.javalin.config.JavalinConfig;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

import java.security.KeyStore;

/**
 * HTTPS instead of HTTP when TLS is configured: one Jetty connector on the bind address and port, HTTP/1.1
 * over TLS 1.2 or 1.3 only (older protocols refused in the handshake), with the key and certificate of
 * {@link TlsConfig} read before the server starts, so that a bad file stops it with a clear message.
 */
final class TlsConnector {

    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private TlsConnector() {
    }

    /** Adds the HTTPS connector to {@code javalin} when {@code server} configures TLS; nothing otherwise. */
    static void configure(JavalinConfig javalin, ServerConfig server) {
        TlsConfig tls = server.tls();
        if (!tls.enabled()) {
            return;
        }
        char[] password = KeyFiles.password(tls);
        KeyStore keys = KeyFiles.load(tls, password);
        javalin.jetty.addConnector((jetty, http) -> {
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setKeyStore(keys);
            ssl.setKeyStorePassword(new String(password));
            ssl.setIncludeProtocols(PROTOCOLS);
            ssl.setExcludeProtocols("SSL", "SSLv2", "SSLv2Hello", "SSLv3", "TLSv1", "TLSv1.1");
            // clients often call an address the certificate does not name (127.0.0.1, a LAN IP): they check it, not us
            http.addCustomizer(new SecureRequestCustomizer(false));
            ServerConnector connector = new ServerConnector(jetty, new SslConnectionFactory(ssl, "http/1.1"),
                    new HttpConnectionFactory(http));
            connector.setHost(server.bind());
            connector.setPort(server.port());
            return connector;
        });
    }
}
