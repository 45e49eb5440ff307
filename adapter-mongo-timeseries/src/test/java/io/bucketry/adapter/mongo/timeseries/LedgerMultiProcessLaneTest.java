package io.bucketry.adapter.mongo.timeseries;

/** The multi-process lane on mongo-timeseries with the identity ledger prototype instead of the series leases. */
class LedgerMultiProcessLaneTest extends MultiProcessLaneTest {

    static final String SUFFIX = "_ledger";

    @Override
    protected String collectionSuffix() {
        return SUFFIX;
    }
}
