package io.bucketry.adapter.mongo.bucket;

/**
 * The multi-process lane on mongo-bucket's sealed layout, sealing each window once it has ended: every
 * process's reclaim seals windows that another is still writing late readings into.
 */
class SealedMultiProcessLaneTest extends MultiProcessLaneTest {

    @Override
    protected String collectionSuffix() {
        return "_sealed";
    }
}
