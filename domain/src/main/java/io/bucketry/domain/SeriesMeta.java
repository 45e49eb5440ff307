package io.bucketry.domain;

import java.util.Objects;

/**
 * What a reading is written with besides its series and fields, kept at its bucket's root: the
 * measurement it was sent under (line protocol's, or a JSON reading's {@code "measurement"}; null when
 * none) and its {@link Tags}. A series whose meta changes starts a new version: its readings keep the
 * meta they were written with, the earlier ones the old, the later ones the new.
 */
public record SeriesMeta(String measurement, Tags tags) {

    public static final SeriesMeta NONE = new SeriesMeta(null, Tags.NONE);

    public SeriesMeta {
        Objects.requireNonNull(tags, "tags");
        if (measurement != null && (measurement.isEmpty() || measurement.length() > Tags.MAX_VALUE_LENGTH)) {
            throw new InvalidReadingException(RejectionReason.INVALID_TAG, "measurement " + Quote.of(measurement)
                    + " is " + measurement.length() + " characters long; 1-" + Tags.MAX_VALUE_LENGTH + " are allowed");
        }
    }

    /** Tags without a measurement; {@link #NONE} when there are none. */
    public static SeriesMeta of(Tags tags) {
        return tags.isEmpty() ? NONE : new SeriesMeta(null, tags);
    }

    /** True when this is no meta (equal to {@link #NONE}), told without comparing maps. */
    public boolean isNone() {
        return this == NONE || measurement == null && tags.isEmpty();
    }

    /** This meta with {@code tags} in place of its own. */
    public SeriesMeta withTags(Tags tags) {
        return Objects.equals(this.tags, tags) ? this : new SeriesMeta(measurement, tags);
    }
}
