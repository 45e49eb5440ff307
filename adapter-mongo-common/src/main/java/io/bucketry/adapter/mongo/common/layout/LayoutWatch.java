package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A running store's look at its layout record before each batch it writes: another process's start
 * may have changed the record since this one started (a smaller count ceiling is safe for the process
 * that records it, not for one still writing with the larger), and a batch written with a layout the
 * record no longer allows would store resent readings twice. One primary read by {@code _id} per batch,
 * compared only when the record changed.
 */
public final class LayoutWatch {

    private final LayoutRecords records;
    private final CollectionLayout running;
    private final boolean ceilingsPlaceReadings;
    private final String where;
    private volatile CollectionLayout allowed;

    /**
     * @param running the layout this process writes with (its start's {@link LayoutStart#layout()})
     * @param ceilingsPlaceReadings see {@link LayoutRule#compare}
     */
    public LayoutWatch(LayoutRecords records, CollectionLayout running, boolean ceilingsPlaceReadings, String where) {
        this.records = records;
        this.running = running;
        this.ceilingsPlaceReadings = ceilingsPlaceReadings;
        this.where = where;
        this.allowed = running;
    }

    /**
     * Answers when this process may write a batch with its layout.
     *
     * @throws StoreUnavailableException when the record now holds a layout this process's writes would break
     *         (for this process the store takes no more writes: an HTTP client gets 503 with the message)
     */
    public void check() {
        Optional<CollectionLayout> found = records.find();
        if (found.isEmpty()) {
            // Removed by a person (or with the database): record ours again, as a first start would.
            if (records.insert(running)) {
                return;
            }
            found = records.find();
        }
        CollectionLayout recorded = found.orElse(running);
        if (recorded.equals(allowed)) {
            return;
        }
        List<LayoutDifference> refused = LayoutRule.compare(recorded, running, ceilingsPlaceReadings).stream()
                .filter(difference -> !difference.safe()).toList();
        if (!refused.isEmpty()) {
            throw new StoreUnavailableException(where + ": the layout record was changed by another process since this"
                    + " one started, so this process stores nothing more with its layout: "
                    + refused.stream().map(LayoutDifference::describe).collect(Collectors.joining("; "))
                    + ". Restart this process with the recorded value, or stop the other process and start both"
                    + " with one configuration");
        }
        allowed = recorded;
    }
}
