package io.bucketry.app.architecture.violating.server.transfer;

import io.bucketry.app.architecture.violating.server.http.Routes;

/** Fixture: an export that depends on the routes that depend on it. */
public final class Export {
    private final Routes routes = null;
}
