package io.bucketry.server.json;

/** A body or line that is not the JSON it must be; the HTTP layer answers it as 400 {@code MALFORMED_JSON}. */
public final class MalformedJsonException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MalformedJsonException(String message) {
        super(message);
    }
}
