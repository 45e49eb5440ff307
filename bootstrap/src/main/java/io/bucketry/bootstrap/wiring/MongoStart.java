package io.bucketry.bootstrap.wiring;

import io.bucketry.application.port.out.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * Opens a Mongo store and turns a server that cannot be used into one line that names the backend,
 * the server (credentials masked) and the first sentence of the deepest cause, without the driver's
 * cluster dump. Refusals the adapters explain themselves (IllegalStateException) pass unchanged.
 * Says which server it connects to first, so that a start that waits for an absent server is explained.
 */
final class MongoStart {

    private static final Logger LOG = LoggerFactory.getLogger(MongoStart.class);

    private MongoStart() {
    }

    static <S> S open(String backend, MongoEndpoint endpoint, Supplier<S> open) {
        LOG.info("{}: connecting to {}{}", backend, endpoint.maskedUri(),
                endpoint.embedded() ? " (the embedded test server)" : "");
        try {
            return open.get();
        } catch (StoreUnavailableException e) {
            throw new StoreUnavailableException(backend + " cannot start: the MongoDB server at "
                    + endpoint.maskedUri() + " failed to answer: " + firstSentence(deepestMessage(e))
                    + ". Check the mongoUri setting and that the server is running", e);
        }
    }

    private static String deepestMessage(Throwable failure) {
        String message = failure.getMessage();
        for (Throwable cause = failure.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        return message == null ? failure.getClass().getSimpleName() : message;
    }

    private static String firstSentence(String message) {
        int end = message.indexOf(". ");
        return (end < 0 ? message : message.substring(0, end)).strip();
    }
}
