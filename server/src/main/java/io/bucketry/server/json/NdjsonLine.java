package io.bucketry.server.json;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.RejectionReason;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads one line of an NDJSON file of readings with exactly the rules of an element of
 * {@code POST /v1/readings} ({@link ReadingReader}): the line is read as the only element of an
 * array, so a line that is not one JSON value is refused as MALFORMED_JSON, and a value that
 * cannot be a reading with the reason the HTTP API gives.
 */
public final class NdjsonLine {

    private static final byte[] OPEN = {'['};
    private static final byte[] CLOSE = {']'};
    private static final Pattern COLUMN = Pattern.compile(" \\(line \\d+, column (\\d+)\\)$");

    private final ReadingReader reader = new ReadingReader(Json.bodyParsers());

    /**
     * The unvalidated input of the line, or the {@link ReadingInput#refused refused} input saying why it
     * cannot be a reading (with its series and time where the line gave them).
     *
     * @param code null for a reading to validate; MALFORMED_JSON for a line that is not one JSON value
     *             (refused as {@code NO_FIELDS}, as {@code POST /v1/readings} refuses broken JSON outside
     *             series, time and fields), else the name of the refusal's reason
     */
    public record Parsed(ReadingInput input, String code) {
    }

    /** The reading of {@code line} (UTF-8 bytes {@code [0, length)}, without its line end). */
    public Parsed parse(byte[] line, int length) {
        InputStream in = new SequenceInputStream(Collections.enumeration(List.of(
                new ByteArrayInputStream(OPEN), new ByteArrayInputStream(line, 0, length),
                new ByteArrayInputStream(CLOSE))));
        // a buffer of the line's own size: an 8 KiB one per line of ~100 bytes was most of an NDJSON body's garbage
        ArrayElements elements = new ArrayElements(in, Math.min(8192, length + 2));
        try {
            if (!elements.next()) {
                return malformed("the line holds no reading");
            }
            ReadingReader.Outcome outcome = reader.read(0, elements.element());
            if (elements.next()) {
                return malformed("the line holds more than one JSON value; a line of NDJSON is one reading");
            }
            return new Parsed(outcome.entry(), outcome.rejection() == null ? null : outcome.rejection().reason().name());
        } catch (MalformedJsonException e) {
            // the column counts the '[' put before the line
            String message = COLUMN.matcher(e.getMessage()
                    .replace("the body is not valid JSON", "the line is not valid JSON")
                    .replace("before the array is closed with ']'", "inside its JSON value").replace("the body", "the line"))
                    .replaceAll(at -> " (column " + (Long.parseLong(at.group(1)) - 1) + ")");
            return malformed(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Parsed malformed(String message) {
        return new Parsed(ReadingInput.refused(null, null, RejectionReason.NO_FIELDS, message), "MALFORMED_JSON");
    }
}
