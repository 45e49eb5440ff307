package io.bucketry.application.port.in;

import java.time.Instant;
import java.util.Map;

/**
 * One reading as it arrives, not yet validated: from JSON, a file or an embedding application.
 *
 * @param series the series id text
 * @param time an {@link Instant}, epoch milliseconds (an integral {@link Number}), or text in
 *             ISO-8601 or epoch milliseconds; see {@link TimeInput}
 * @param fields field name to value: {@link Number}s and {@link CharSequence}s
 */
public record ReadingInput(String series, Object time, Map<String, ?> fields) {

    public static ReadingInput of(String series, Instant time, Map<String, ?> fields) {
        return new ReadingInput(series, time, fields);
    }
}
