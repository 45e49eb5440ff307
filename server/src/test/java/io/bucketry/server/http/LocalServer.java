package io.bucketry.server.http;

import io.bucketry.server.ServerConfig;

/** The server configuration of the HTTP tests: a free port of the loopback address. */
final class LocalServer {

    private LocalServer() {
    }

    static ServerConfig.Builder builder() {
        return ServerConfig.builder().port(0);
    }

    static ServerConfig config() {
        return builder().build();
    }
}
