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
 */
public record ReadingInput(String series, Object time, Map<String, ?> fields, Refusal refusal,
                           Map<String, ?> tags, String measurement) {

    /** Why an entry could not be read as a reading, as its adapter words it. */
    public record Refusal(RejectionReason reason, String message) {

        public Refusal {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }

    /** A reading to validate, sent without tags or measurement. */
    public ReadingInput(String series, Object time, Map<String, ?> fields) {
        this(series, time, fields, null, null, null);
    }

    /** A reading to validate with its tags (null: the series' latest) and measurement (null: the series' latest). */
    public ReadingInput(String series, Object time, Map<String, ?> fields, Map<String, ?> tags, String measurement) {
        this(series, time, fields, null, tags, measurement);
    }

    public static ReadingInput of(String series, Instant time, Map<String, ?> fields) {
        return new ReadingInput(series, time, fields);
    }

    /** A stored reading as input again (a migration, a copy): with its fields and the meta it was written with. */
    public static ReadingInput of(Reading reading) {
        SeriesMeta meta = reading.meta();
        return new ReadingInput(reading.series().value(), reading.time(), reading.fields(), null,
                meta.tags().values(), meta.measurement());
    }

    /** A reading sent without a time: it is stored at the ingest's instant ({@link TimeInput#AT_INGEST}). */
    public static ReadingInput atIngestTime(String series, Map<String, ?> fields) {
        return new ReadingInput(series, TimeInput.AT_INGEST, fields);
    }

    /** An entry its adapter could not read, with its series and time as written (either may be null). */
    public static ReadingInput refused(String series, String time, RejectionReason reason, String message) {
        return new ReadingInput(series, time, null, new Refusal(reason, message), null, null);
    }
}
