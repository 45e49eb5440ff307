package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/**
 * Translates driver failures into the port's {@link StoreUnavailableException}: no driver type
 * crosses the port, and a server that cannot be reached is one line naming its hosts, never the
 * driver's cluster dump.
 */
final class MongoFailures {

    /** The hosts of the connection string: never credentials. */
    private final String server;

    MongoFailures(String server) {
        this.server = server;
    }

    <T> T translate(String operation, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoTimeoutException | MongoSocketException e) {
            throw StoreUnavailableException.unreachable(failed(operation), server, e.getMessage(), e);
        } catch (MongoSecurityException e) {
            throw StoreUnavailableException.refusedCredentials(failed(operation), server, e.getMessage(), e);
        } catch (MongoException e) {
            throw new StoreUnavailableException(failed(operation) + ": " + e.getMessage(), e);
        }
    }

    private static String failed(String operation) {
        return MongoBucketReadingStore.BACKEND + ": could not " + operation;
    }

    void translate(String operation, Runnable call) {
        translate(operation, () -> {
            call.run();
            return null;
        });
    }
}
