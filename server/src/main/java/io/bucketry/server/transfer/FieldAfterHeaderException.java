package io.bucketry.server.transfer;

import java.io.IOException;

/**
 * A CSV export met a field, tag key or measurement that is not in its header: first stored while the export
 * ran, after the header was decided. The export stops rather than leave it out of the file.
 */
public final class FieldAfterHeaderException extends IOException {

    public FieldAfterHeaderException(String message) {
        super(message);
    }
}
