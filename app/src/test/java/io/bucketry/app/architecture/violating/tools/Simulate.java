package io.bucketry.app.architecture.violating.tools;

import io.bucketry.app.architecture.violating.server.http.Routes;

/** Fixture: a tool that starts its own Javalin instead of the server module's routes. */
public final class Simulate {
    private final Routes routes = null;
    private final io.javalin.Javalin app = null;
}
