package io.bucketry.server.transfer;

import io.bucketry.application.port.in.ReadingInput;

import java.io.IOException;

/**
 * The readings of an import's input (the lines of NDJSON, the records of CSV), one at a time, each read with
 * the rules of {@code POST /v1/readings}: the one reader of a format for a file and for a request body.
 */
public interface ReadingRecords {

    /**
     * The next entry; null at the end of the input.
     *
     * @throws InputStopsException where the input cannot be read on (what came before it stays read)
     */
    Entry next() throws IOException;

    /**
     * One reading of the input.
     *
     * @param line  the line it starts on, from 1
     * @param input what the ingest use case takes: a reading to validate, or a {@link ReadingInput#refused refused} one
     * @param code  null for a reading to validate; for a refused one the code to report it with (its reason, or
     *              MALFORMED_JSON / MALFORMED_CSV for an entry that is not one reading of the format)
     */
    record Entry(long line, ReadingInput input, String code) {

        /** Why it is not stored, with its line; null for a reading to validate. */
        public LineRejection rejection() {
            return code == null ? null : new LineRejection(line, code, input.refusal().message());
        }
    }
}
