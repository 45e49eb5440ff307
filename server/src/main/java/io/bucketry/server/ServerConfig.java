package io.bucketry.server;

import io.bucketry.server.lineprotocol.SeriesIdRule;

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
 */
public record ServerConfig(int port, String bind, long maxBodySize, HttpLimits http, SeriesIdRule lineProtocolSeriesId,
                           boolean accessLog) {

    public static final int DEFAULT_PORT = 8080;
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final long DEFAULT_MAX_BODY_SIZE = 16L << 20;

    public ServerConfig {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(lineProtocolSeriesId, "lineProtocolSeriesId");
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

        private Builder() {
        }

        private Builder(ServerConfig c) {
            port = c.port;
            bind = c.bind;
            maxBodySize = c.maxBodySize;
            http = c.http;
            lineProtocolSeriesId = c.lineProtocolSeriesId;
            accessLog = c.accessLog;
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

        /** The configuration; IllegalArgumentException naming the first invalid value. */
        public ServerConfig build() {
            return new ServerConfig(port, bind, maxBodySize, http, lineProtocolSeriesId, accessLog);
        }
    }
}
