package io.bucketry.app.cli;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.server.ServerConfig;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Refuses to serve without tokens on an address other machines can reach, unless told that it is meant
 * ({@code --insecure-no-auth-on-network}); warns when tokens travel without TLS on such an address.
 */
final class NetworkExposure {

    static final String FLAG = "--insecure-no-auth-on-network";

    private NetworkExposure() {
    }

    /** A warning to print, if any; ConfigurationException when the bind is refused. */
    static Optional<String> check(ServerConfig server, boolean insecureNoAuthOnNetwork) {
        if (loopback(server.bind())) {
            return Optional.empty();
        }
        if (!server.tokens().enabled()) {
            if (!insecureNoAuthOnNetwork) {
                throw new ConfigurationException("refusing to serve on " + server.bind() + " without tokens: anyone who "
                        + "reaches it could read, write and delete; configure tokens (see 'bucketry token' and "
                        + "docs/reference/security.md), bind to 127.0.0.1, or pass " + FLAG + " if that is meant");
            }
            return Optional.of("bucketry: WARNING: serving on " + server.bind() + " without authentication (" + FLAG + ")");
        }
        if (!server.tls().enabled()) {
            return Optional.of("bucketry: WARNING: tokens travel in clear on " + server.bind()
                    + " without TLS; configure tlsKeystore or tlsCert and tlsKey unless a proxy terminates TLS");
        }
        return Optional.empty();
    }

    private static boolean loopback(String bind) {
        try {
            for (InetAddress address : InetAddress.getAllByName(bind)) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;   // Listen names the address it cannot resolve
        }
    }
}
