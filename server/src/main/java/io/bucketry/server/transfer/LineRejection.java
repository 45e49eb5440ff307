package io.bucketry.server.transfer;

/**
 * A line of an import that was not stored, and why.
 *
 * @param line from 1
 * @param code MALFORMED_JSON or the rejection reason of the ingest ({@code INVALID_TIME}, …)
 */
public record LineRejection(long line, String code, String message) {

    @Override
    public String toString() {
        return "line " + line + ": " + code + " " + message;
    }
}
