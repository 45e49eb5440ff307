package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesMeta;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One reading as it arrives, not yet validated: from JSON, a file or an embedding application.
 *
 * @param series the series id text
 * @param time an {@link Instant}, epoch milliseconds (an integral {@link Number}), or text in
 *             ISO-8601 or epoch milliseconds; see {@link TimeInput}; {@link TimeInput#AT_INGEST} when
 *             none was sent
 * @param fields field name to value: {@link Number}s and {@link CharSequence}s
 * @param refusal null, or why an inbound adapter could not make a reading of what it received
 *                (e.g. JSON that is no reading, a line-protocol line that does not parse): the use
 *                case rejects it at its index with that reason, so its report names every refused entry
 * @param tags tag key to text value; null when none were sent, which means the series' latest tags
 *             (none if it never had any); empty means none
 * @param measurement the measurement it was sent under (line protocol's; JSON's {@code "measurement"}),
 *             or null when none was sent: none when tags were sent (they state the version whole), else
 *             the series' latest
 * @param meta null, or the measurement and tags as one {@link SeriesMeta}, validated when it was built, in
 *             place of {@code tags} and {@code measurement} (both null then): it states the version whole, as
 *             sent tags do ({@link SeriesMeta#NONE}: none). An embedder that keeps one per series and sends it
 *             with each of the series' readings spares each reading the check of its tags and the lookup of
 *             their stored form ({@link #withMeta})
 */
public record ReadingInput(String series, Object time, Map<String, ?> fields, Refusal refusal,
                           Map<String, ?> tags, String measurement, SeriesMeta meta) {

    public ReadingInput {
        if (meta != null && (tags != null || measurement != null)) {
            throw new IllegalArgumentException("a reading of series " + series + " was given both a SeriesMeta and"
                    + " tags or a measurement; give either the meta or the tags and measurement");
        }
    }

    /** Why an entry could not be read as a reading, as its adapter words it. */
    public record Refusal(RejectionReason reason, String message) {

        public Refusal {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }

    /** A reading to validate, sent without tags or measurement. */
    public ReadingInput(String series, Object time, Map<String, ?> fields) {
        this(series, time, fields, null, null, null, null);
    }

    /** A reading to validate with its tags (null: the series' latest) and measurement (null: the series' latest). */
    public ReadingInput(String series, Object time, Map<String, ?> fields, Map<String, ?> tags, String measurement) {
        this(series, time, fields, null, tags, measurement, null);
    }

    /** An entry as an inbound adapter read it, with tags and measurement as sent (see the record's parameters). */
    public ReadingInput(String series, Object time, Map<String, ?> fields, Refusal refusal, Map<String, ?> tags,
                        String measurement) {
        this(series, time, fields, refusal, tags, measurement, null);
    }

    /**
     * A reading to validate written with {@code meta} (not null): its measurement and tags, checked once when the
     * caller built it. Sending one object per series with each of its readings costs no check per reading.
     */
    public static ReadingInput withMeta(String series, Object time, Map<String, ?> fields, SeriesMeta meta) {
        return new ReadingInput(series, time, fields, null, null, null, Objects.requireNonNull(meta, "meta"));
    }

    /** True when this reading states its version whole (tags or a meta were sent), false when it takes its series' latest. */
    public boolean statesMeta() {
        return tags != null || meta != null;
    }

    public static ReadingInput of(String series, Instant time, Map<String, ?> fields) {
        return new ReadingInput(series, time, fields);
    }

    /** A stored reading as input again (a migration, a copy): with its fields and the meta it was written with. */
    public static ReadingInput of(Reading reading) {
        return withMeta(reading.series().value(), reading.time(), reading.fields(), reading.meta());
    }

    /** A reading sent without a time: it is stored at the ingest's instant ({@link TimeInput#AT_INGEST}). */
    public static ReadingInput atIngestTime(String series, Map<String, ?> fields) {
        return new ReadingInput(series, TimeInput.AT_INGEST, fields);
    }

    /** An entry its adapter could not read, with its series and time as written (either may be null). */
    public static ReadingInput refused(String series, String time, RejectionReason reason, String message) {
        return new ReadingInput(series, time, null, new Refusal(reason, message), null, null, null);
    }
}
