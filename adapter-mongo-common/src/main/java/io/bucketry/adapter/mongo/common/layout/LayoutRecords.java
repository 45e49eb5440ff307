package io.bucketry.adapter.mongo.common.layout;

import java.util.Optional;

/** Where a store keeps the layout record of its collection; each durable adapter implements it. */
public interface LayoutRecords {

    /** The recorded layout, if any. */
    Optional<CollectionLayout> find();

    /**
     * Records {@code layout} unless a record exists; answers false when one does (another process
     * may have written it a moment ago), so that a race of first starts keeps exactly one record.
     */
    boolean insert(CollectionLayout layout);

    /** Replaces the record after a start with safe changes. */
    void replace(CollectionLayout layout);
}
