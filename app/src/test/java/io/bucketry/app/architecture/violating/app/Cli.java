package io.bucketry.app.architecture.violating.app;

import io.bucketry.app.architecture.violating.tools.Simulate;

/** Fixture: the command line over the tools, as it should be. */
public final class Cli {
    private final Simulate simulate = null;
}
