package io.bucketry.application.port.out;

/** The store cannot be reached or failed to answer; adapters translate their driver's errors into it. */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreUnavailableException(String message) {
        super(message);
    }
}
