package io.bucketry.server.transfer;

import java.io.IOException;

/**
 * An import's input with no line end within the longest line read: not NDJSON (a binary file, an
 * endless stream such as {@code /dev/zero}), so the import stops there instead of reading on.
 */
public final class LineTooLongException extends IOException {

    public LineTooLongException(String message) {
        super(message);
    }
}
