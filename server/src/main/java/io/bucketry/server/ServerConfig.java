package io.bucketry.server;

import io.bucketry.server.lineprotocol.SeriesIdRule;
import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.TlsConfig;

import java.util.Objects;

/**
 * What {@code serve} needs beyond the store: where it listens and the limits it puts on its clients.
 * The store's own configuration is {@link io.bucketry.bootstrap.config.BucketryConfig}.
 *
 * @param port HTTP port (0 picks a free one)
 * @param bind address to listen on
 * @param maxBodySize largest HTTP request body in bytes
 * @param http body read time, concurrent ingests, drain period
 * @param lineProtocolSeriesId how line-protocol writes turn a measurement and tags into a series id
 * @param accessLog whether one line is logged per request (method, path, status, milliseconds)
 * @param tokens the tokens requests must bring, as hashes with scopes; none: no authentication
 * @param metricsOpen whether {@code /metrics} answers without a token when tokens are configured
 * @param tls the certificate and key of HTTPS, or none for plain HTTP
 */
public record ServerConfig(int port, String bind, long maxBodySize, HttpLimits http, SeriesIdRule lineProtocolSeriesId,
                           boolean accessLog, AccessTokens tokens, boolean metricsOpen, TlsConfig tls) {

    public static final int DEFAULT_PORT = 8080;
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final long DEFAULT_MAX_BODY_SIZE = 16L << 20;

    public ServerConfig {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(lineProtocolSeriesId, "lineProtocolSeriesId");
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(tls, "tls");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port " + port + " must be between 0 and 65535");
        }
        if (maxBodySize < 1) {
            throw new IllegalArgumentException("maxBodySize " + maxBodySize + " must be positive");
        }
    }

    public static ServerConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a {@link ServerConfig}; every value starts at its default. */
    public static final class Builder {
        private int port = DEFAULT_PORT;
        private String bind = DEFAULT_BIND;
        private long maxBodySize = DEFAULT_MAX_BODY_SIZE;
        private HttpLimits http = HttpLimits.defaults();
        private SeriesIdRule lineProtocolSeriesId = SeriesIdRule.VALUES;
        private boolean accessLog;
        private AccessTokens tokens = AccessTokens.none();
        private boolean metricsOpen;
        private java.nio.file.Path tlsKeystore;
        private String tlsKeystorePassword;
        private java.nio.file.Path tlsCert;
        private java.nio.file.Path tlsKey;

        private Builder() {
        }

        private Builder(ServerConfig c) {
            port = c.port;
            bind = c.bind;
            maxBodySize = c.maxBodySize;
            http = c.http;
            lineProtocolSeriesId = c.lineProtocolSeriesId;
            accessLog = c.accessLog;
            tokens = c.tokens;
            metricsOpen = c.metricsOpen;
            tls(c.tls);
        }

        public Builder port(int value) { port = value; return this; }
        public Builder bind(String value) { bind = value; return this; }
        public Builder maxBodySize(long value) { maxBodySize = value; return this; }
        public Builder http(HttpLimits value) { http = value; return this; }
        public Builder accessLog(boolean value) { accessLog = value; return this; }
        public Builder bodyReadTimeout(java.time.Duration value) { http = http.withBodyReadTimeout(value); return this; }
        public Builder maxConcurrentIngests(int value) { http = http.withMaxConcurrentIngests(value); return this; }
        public Builder drainTimeout(java.time.Duration value) { http = http.withDrainTimeout(value); return this; }
        public Builder lineProtocolSeriesId(SeriesIdRule value) { lineProtocolSeriesId = value; return this; }
        public Builder tokens(AccessTokens value) { tokens = value; return this; }
        public Builder metricsOpen(boolean value) { metricsOpen = value; return this; }
        public Builder tlsKeystore(java.nio.file.Path value) { tlsKeystore = value; return this; }
        public Builder tlsKeystorePassword(String value) { tlsKeystorePassword = value; return this; }
        public Builder tlsCert(java.nio.file.Path value) { tlsCert = value; return this; }
        public Builder tlsKey(java.nio.file.Path value) { tlsKey = value; return this; }

        public Builder tls(TlsConfig value) {
            tlsKeystore = value.keystore();
            tlsKeystorePassword = value.keystorePassword();
            tlsCert = value.cert();
            tlsKey = value.key();
            return this;
        }

        /** The configuration; IllegalArgumentException naming the first invalid value. */
        public ServerConfig build() {
            TlsConfig tls = new TlsConfig(tlsKeystore, tlsKeystorePassword, tlsCert, tlsKey);
            return new ServerConfig(port, bind, maxBodySize, http, lineProtocolSeriesId, accessLog, tokens, metricsOpen, tls);
        }
    }
}
