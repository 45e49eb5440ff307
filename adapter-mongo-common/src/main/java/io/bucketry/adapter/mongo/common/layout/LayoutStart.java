package io.bucketry.adapter.mongo.common.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The layout a store starts with, the record it had before this start (none at the first), and
 * the safe changes between them, which {@link #confirm} records once the rest of the start succeeded.
 */
public final class LayoutStart {

    private final LayoutRecords records;
    private final String where;
    private final CollectionLayout previous;
    private CollectionLayout layout;
    private final List<LayoutDifference> changes;
    private final String note;
    private final boolean rewrite;

    LayoutStart(LayoutRecords records, String where, CollectionLayout previous, CollectionLayout layout,
                List<LayoutDifference> changes, String note, boolean rewrite) {
        this.records = records;
        this.where = where;
        this.previous = previous;
        this.layout = layout;
        this.changes = List.copyOf(changes);
        this.note = note;
        this.rewrite = rewrite;
    }

    /** The layout recorded before this start; empty when this start wrote the first record. */
    public Optional<CollectionLayout> previous() {
        return Optional.ofNullable(previous);
    }

    /** The layout this store runs with. */
    public CollectionLayout layout() {
        return layout;
    }

    /** The safe changes since the recorded layout. */
    public List<LayoutDifference> changes() {
        return changes;
    }

    /** The changed retention and grace, as {@code retention (retention) changed from 1d to 90d}; empty when neither changed. */
    public Optional<String> expiryChange() {
        List<String> parts = new ArrayList<>();
        for (LayoutDifference change : changes) {
            if (change.setting().startsWith("retention") || change.setting().startsWith("grace")) {
                parts.add(change.setting() + " changed from " + change.stored() + " to " + change.configured());
            }
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" and ", parts));
    }

    /**
     * Why an expiry setting of the collection differs from what the configuration needs, for a
     * message that names the setting: the retention or grace change, or else that the collection
     * was changed outside Bucketry (the recorded retention and grace are the configured ones).
     */
    public String expiryCause() {
        return expiryChange().map(change -> change + " since the layout was recorded").orElse(previous == null
                ? "the collection had no layout record, so an earlier start or a person set it"
                : "the recorded retention and grace are the configured ones, so it was changed outside Bucketry"
                        + " or could not follow an earlier change");
    }

    /** Records the safe changes (if any) and answers what the operator should be told at start. */
    public List<String> confirm() {
        return confirm(Map.of());
    }

    /**
     * As {@link #confirm()}, and records {@code createdOptions} (what the server fixed when this start
     * created the collection) where the record has none yet.
     */
    public List<String> confirm(Map<String, String> createdOptions) {
        List<String> notes = new ArrayList<>();
        if (note != null) {
            notes.add(note);
        }
        boolean created = layout.serverOptions().isEmpty() && !createdOptions.isEmpty();
        if (created) {
            layout = layout.withServerOptions(createdOptions);
        }
        if (!changes.isEmpty() || created || rewrite) {
            records.replace(layout);
            for (LayoutDifference change : changes) {
                notes.add(where + ": " + change.setting() + " changed from " + change.stored() + " to "
                        + change.configured() + ", which is safe (" + change.why() + "); the layout record is updated");
            }
        }
        return notes;
    }
}
