package io.bucketry.bootstrap.wiring;

import io.bucketry.application.port.out.StoreRollups;

/**
 * Opens the rollup tier storage beside the running store (in memory, or the Mongo adapters' rollup
 * collections); asked only when {@code rollups} are configured, so that no collection is made otherwise.
 */
@FunctionalInterface
public interface RollupStoreOpener {

    StoreRollups open();
}
