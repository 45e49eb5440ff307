package io.bucketry.application.port.out;

/**
 * The store has no room for a batch (an in-process store at its capacity): nothing of the batch was
 * stored and everything stored before is kept; the batch can be sent again once room is made.
 */
public class StoreFullException extends RuntimeException {

    public StoreFullException(String message) {
        super(message);
    }
}
