package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;

/** The rollup contract over the in-memory store and a rollup store on its own, which records pending windows before each batch. */
class InMemoryStandaloneRollupTiersContractTest extends InMemoryRollupTiersContractTest {

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return new InMemoryRollupStore();
    }
}
