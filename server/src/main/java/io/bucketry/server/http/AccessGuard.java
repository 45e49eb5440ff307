package io.bucketry.server.http;

import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import io.javalin.http.Context;
import io.javalin.http.Handler;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lets a request reach its route only with a token whose scope allows it, when tokens are configured:
 * 401 UNAUTHORIZED with {@code WWW-Authenticate} without a valid token, 403 FORBIDDEN with a valid token
 * of another scope. The token never appears in an answer or a log line.
 */
final class AccessGuard {

    static final String CHALLENGE = "Bearer realm=\"bucketry\"";

    private final AccessTokens tokens;

    AccessGuard(AccessTokens tokens) {
        this.tokens = tokens;
    }

    /** {@code handler} behind the check of {@code needed} (empty: open); unchanged when no token is configured. */
    Handler guard(Optional<Scope> needed, Handler handler) {
        if (!tokens.enabled() || needed.isEmpty()) {
            return handler;
        }
        Scope scope = needed.get();
        return ctx -> {
            if (allowed(ctx, scope)) {
                handler.handle(ctx);
            }
        };
    }

    private boolean allowed(Context ctx, Scope needed) {
        Optional<String> token = Credentials.of(ctx);
        if (token.isEmpty()) {
            return refuse(ctx, 401, "UNAUTHORIZED", "this server needs a token: send 'Authorization: Bearer <token>' "
                    + "(or 'Token <token>', basic auth with the token as password, or the query parameter p)");
        }
        Optional<Set<Scope>> scopes = tokens.scopesOf(token.get());
        if (scopes.isEmpty()) {
            return refuse(ctx, 401, "UNAUTHORIZED", "the token is not one this server accepts");
        }
        if (scopes.get().stream().noneMatch(s -> s.grants(needed))) {
            return refuse(ctx, 403, "FORBIDDEN", ctx.req().getMethod() + " " + ctx.path() + " needs a token of scope "
                    + needed.key() + (needed == Scope.ADMIN ? "" : " or admin") + "; this token has "
                    + scopes.get().stream().map(Scope::key).sorted().collect(Collectors.joining(", ")));
        }
        return true;
    }

    private static boolean refuse(Context ctx, int status, String code, String message) {
        if (status == 401) {
            ctx.header("WWW-Authenticate", CHALLENGE);
        }
        ctx.status(status).json(new ApiError(code, message));
        return false;
    }
}
