package io.bucketry.server.transfer;

import java.io.IOException;

/**
 * An import's input that cannot be read on (a line with no end, CSV whose quotes or header are broken): the
 * import stops there, after storing what it read before, and the message says where and why.
 */
public class InputStopsException extends IOException {

    public InputStopsException(String message) {
        super(message);
    }
}
