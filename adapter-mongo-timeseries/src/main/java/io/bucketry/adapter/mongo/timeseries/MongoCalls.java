package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/**
 * Runs driver calls and translates every driver exception into {@link StoreUnavailableException};
 * a server that cannot be reached is one line naming its hosts, never the driver's cluster dump.
 */
final class MongoCalls {

    /** The hosts of the connection string: never credentials. */
    private final String server;

    MongoCalls(String server) {
        this.server = server;
    }

    <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoBulkWriteException e) {
            throw new StoreUnavailableException(StatisticsReader.BACKEND + ": " + what + " failed after "
                    + e.getWriteResult().getInsertedCount() + " readings were inserted (" + firstError(e)
                    + "); retrying the batch stores nothing twice", e);
        } catch (MongoTimeoutException | MongoSocketException e) {
            throw StoreUnavailableException.unreachable(failed(what), server, e.getMessage(), e);
        } catch (MongoSecurityException e) {
            throw StoreUnavailableException.refusedCredentials(failed(what), server, e.getMessage(), e);
        } catch (MongoException e) {
            throw new StoreUnavailableException(failed(what) + ": " + e.getMessage(), e);
        }
    }

    private static String failed(String what) {
        return StatisticsReader.BACKEND + ": " + what + " failed";
    }

    private static String firstError(MongoBulkWriteException e) {
        return e.getWriteErrors().isEmpty() ? String.valueOf(e.getWriteConcernError())
                : e.getWriteErrors().get(0).getMessage();
    }
}
