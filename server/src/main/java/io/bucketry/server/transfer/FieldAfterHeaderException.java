package io.bucketry.server.transfer;

import java.io.IOException;

/**
 * A CSV export met a field that is not in its header: first stored while the export ran, after the
 * header was decided. The export stops rather than leave the field out of the file.
 */
public final class FieldAfterHeaderException extends IOException {

    public FieldAfterHeaderException(String message) {
        super(message);
    }
}
