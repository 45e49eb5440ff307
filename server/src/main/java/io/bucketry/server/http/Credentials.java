package io.bucketry.server.http;

import io.javalin.http.Context;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * The token a request brings, in any of the forms the InfluxDB clients and Grafana send:
 * {@code Authorization: Bearer <token>}, {@code Authorization: Token <token>}, HTTP basic auth with the
 * token as password, or the InfluxDB 1.x query parameter {@code p} (beside a user {@code u}).
 */
final class Credentials {

    private Credentials() {
    }

    /** The token offered, or empty when the request brings none. */
    static Optional<String> of(Context ctx) {
        String header = ctx.header("Authorization");
        if (header != null && !header.isBlank()) {
            return fromHeader(header.strip());
        }
        String password = ctx.queryParam("p");
        return password == null || password.isEmpty() ? Optional.empty() : Optional.of(password);
    }

    private static Optional<String> fromHeader(String header) {
        int space = header.indexOf(' ');
        if (space < 0) {
            return Optional.empty();
        }
        String scheme = header.substring(0, space).toLowerCase(Locale.ROOT);
        String value = header.substring(space + 1).strip();
        return switch (scheme) {
            case "bearer", "token" -> value.isEmpty() ? Optional.empty() : Optional.of(value);
            case "basic" -> basicPassword(value);
            default -> Optional.empty();
        };
    }

    private static Optional<String> basicPassword(String value) {
        try {
            String pair = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            return colon < 0 || colon == pair.length() - 1 ? Optional.empty() : Optional.of(pair.substring(colon + 1));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
