package io.bucketry.server.transfer;

/**
 * An import's input with no line end within the longest line read: not NDJSON (a binary file, an
 * endless stream such as {@code /dev/zero}), so the import stops there instead of reading on.
 */
public final class LineTooLongException extends InputStopsException {

    public LineTooLongException(String message) {
        super(message);
    }
}
