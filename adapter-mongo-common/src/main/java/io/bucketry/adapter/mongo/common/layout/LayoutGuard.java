package io.bucketry.adapter.mongo.common.layout;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What a durable store does with its layout record at start, before it touches indexes or data:
 * records the configured layout at the first start, or compares it with the recorded one under
 * {@link LayoutRule} and refuses a start whose changes are not safe, with one line that names each
 * setting, its stored and configured value, and what to do. A collection that holds no readings
 * (emptied, or dropped while its record stayed) takes any layout.
 */
public final class LayoutGuard {

    /**
     * What a store can tell about its collection's readings (for one without a record: made by a
     * Bucketry before layout records).
     *
     * @param holdsData the collection holds readings
     * @param mismatch why the stored readings do not fit the configured layout, or null when they do
     * @param checked what was checked against the data, for the start message
     */
    public record Unrecorded(boolean holdsData, String mismatch, String checked) {

        /** A collection without readings: nothing to check. */
        public static Unrecorded empty() {
            return new Unrecorded(false, null, "");
        }
    }

    private LayoutGuard() {
    }

    /**
     * Settles the layout of the collection named by {@code where} ({@code mongo-bucket collection db.name}).
     *
     * @param ceilingsPlaceReadings see {@link LayoutRule#compare}
     * @param unrecorded what the collection holds: asked when there is no record, or before refusing a change
     * @throws IllegalStateException when the change is refused (the message says what to do)
     */
    public static LayoutStart start(LayoutRecords records, CollectionLayout configured, boolean ceilingsPlaceReadings,
                                    String where, Supplier<Unrecorded> unrecorded) {
        Optional<CollectionLayout> stored = records.find();
        if (stored.isEmpty()) {
            Unrecorded found = unrecorded.get();
            if (found.holdsData() && found.mismatch() != null) {
                throw new IllegalStateException(where + " holds readings but no layout record (made by a Bucketry"
                        + " before layout records), and they do not fit the configured layout: " + found.mismatch()
                        + ". Start with the settings it was made with, or use a new collection (--mongo-collection)");
            }
            if (configured.tags() == null) {
                // a new collection keeps tags unless configured otherwise; one made before layout records keeps none
                configured = configured.withTags(!found.holdsData());
            }
            if (records.insert(configured)) {
                String note = found.holdsData()
                        ? where + " holds readings but had no layout record (made by a Bucketry before layout records):"
                            + " recorded the configured layout (" + configured.describe() + ") after checking "
                            + found.checked() + "; if it was made with other settings, stop and start with those"
                        : where + ": layout recorded (" + configured.describe() + ")";
                return new LayoutStart(records, where, null, configured, List.of(), note, false);
            }
            stored = records.find(); // another start recorded it first: compare with that one
        }
        CollectionLayout previous = stored.orElseThrow(() -> new IllegalStateException(where
                + ": the layout record vanished while starting; start again"));
        List<LayoutDifference> differences = LayoutRule.compare(previous, configured, ceilingsPlaceReadings);
        List<LayoutDifference> refused = differences.stream().filter(d -> !d.safe()).toList();
        if (!refused.isEmpty() && previous.version() == configured.version() && !unrecorded.get().holdsData()) {
            // Placement matters only for stored readings: an emptied (or dropped and recreated) collection may change.
            configured = configured.tags() == null ? configured.withTags(true) : configured;
            return new LayoutStart(records, where, previous, configured, List.of(), where + " holds no readings, so its"
                    + " layout may change: recorded " + configured.describe() + " in place of " + previous.describe(), true);
        }
        if (!refused.isEmpty()) {
            throw new IllegalStateException(where + " was made with another layout, so this start is refused: "
                    + refused.stream().map(LayoutDifference::describe).collect(Collectors.joining("; "))
                    + ". Start with the stored value, use a new collection (--mongo-collection), or migrate the data"
                    + " into a new collection with bucketry migrate");
        }
        CollectionLayout running = configured.withServerOptionsOf(previous);
        if (configured.tags() == null) {
            running = previous.tags() == null ? running : running.withTags(previous.tags()); // as recorded
        }
        return new LayoutStart(records, where, previous, running, differences, null, false);
    }
}
