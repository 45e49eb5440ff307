package io.bucketry.server.influxql;

/** An InfluxQL text that does not parse; the message is InfluxDB's wording ({@code found X, expected Y at line 1, char 8}). */
public final class ParseException extends RuntimeException {

    ParseException(String message) {
        super(message, null, false, false);
    }
}
