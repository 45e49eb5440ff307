package io.bucketry.server.http;

import io.bucketry.server.security.Scope;
import io.javalin.Javalin;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The API's routes on Javalin: every GET path also answers HEAD (the same answer without the body),
 * every path answers OPTIONS with its {@code Allow} header, and {@link #allowed} names the methods
 * of a path so that a wrong method gets 405. Every handler is guarded by {@link LastResort} and by the
 * {@link AccessGuard} of the scope {@link RouteScopes} gives it.
 */
final class RouteTable {

    private final Javalin app;
    private final Map<String, Set<HandlerType>> methods = new LinkedHashMap<>();
    private final Map<Pattern, String> patterns = new LinkedHashMap<>();
    private final RouteScopes scopes;
    private final AccessGuard access;
    private final List<Route> routes = new ArrayList<>();

    /** One registered route and the scope it needs (empty: open). */
    record Route(HandlerType method, String path, Optional<Scope> scope) {
    }

    RouteTable(Javalin app, RouteScopes scopes, AccessGuard access) {
        this.app = app;
        this.scopes = scopes;
        this.access = access;
    }

    /** Every route registered, in order, with its scope. */
    List<Route> routes() {
        return List.copyOf(routes);
    }

    RouteTable get(String path, Handler handler) {
        add(path, HandlerType.GET, handler);
        return add(path, HandlerType.HEAD, handler);
    }

    RouteTable post(String path, Handler handler) {
        return add(path, HandlerType.POST, handler);
    }

    RouteTable delete(String path, Handler handler) {
        return add(path, HandlerType.DELETE, handler);
    }

    /** The {@code Allow} value of the route that {@code requestPath} matches, if any route does. */
    Optional<String> allowed(String requestPath) {
        return patterns.entrySet().stream().filter(e -> e.getKey().matcher(requestPath).matches()).findFirst()
                .map(e -> allow(e.getValue()));
    }

    private RouteTable add(String path, HandlerType method, Handler handler) {
        if (!methods.containsKey(path)) {
            methods.put(path, EnumSet.of(HandlerType.OPTIONS));
            patterns.put(Pattern.compile(path.replaceAll("\\{[^/}]+}", "[^/]+") + "/?"), path);
            app.options(path, ctx -> ctx.header("Allow", allow(path)).status(204));
        }
        methods.get(path).add(method);
        Optional<Scope> scope = scopes.of(method, path);
        routes.add(new Route(method, path, scope));
        app.addHttpHandler(method, path, LastResort.guard(access.guard(scope, handler)));
        return this;
    }

    private String allow(String path) {
        return methods.get(path).stream().map(HandlerType::name).collect(Collectors.joining(", "));
    }
}
