package io.bucketry.server.influxql;

/** A statement that cannot be answered: its message becomes that statement's {@code error}. */
public final class QueryException extends RuntimeException {

    public QueryException(String message) {
        super(message, null, false, false);
    }
}
