package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Map;

/** Decides which bucket each reading of a batch goes to: one placement (update statement) per bucket. */
interface IngestPlanner {

    /**
     * Plans readings that are unique within the batch and sorted by time per series.
     *
     * @param informed read the buckets concerned before planning (after a conflict); otherwise
     *                 plan without a read wherever the update filters alone keep duplicates out
     */
    Plan plan(Map<SeriesId, List<Reading>> pending, boolean informed);

    /**
     * Chains of placements to send (one chain per touched group of buckets; see {@link Chains}),
     * and how many readings were found stored already.
     */
    record Plan(List<List<Placement>> chains, int duplicates) {
    }
}
