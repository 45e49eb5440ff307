package io.bucketry.app.architecture.violating.server.http;

import io.bucketry.app.architecture.violating.bootstrap.StoreConfig;
import io.bucketry.app.architecture.violating.server.transfer.Export;

/** Fixture: routes over the embedding, with an export that calls back into them (a cycle). */
public final class Routes {
    private final StoreConfig config = null;
    private final Export export = null;
}
