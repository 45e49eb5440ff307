package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/**
 * Runs driver calls and translates every driver exception into {@link StoreUnavailableException};
 * a server that cannot be reached is one line naming its hosts, never the driver's cluster dump.
 *
 * @param server          the hosts of the connection string: never credentials
 * @param timeoutMillis   the operation time limit (the driver's {@code timeoutMS}), null when none is set
 * @param raisedBy        what sets that limit, for the message (e.g. "the key mongoTimeout"), or null
 * @param selectionMillis the server selection timeout
 */
record MongoCalls(String server, Long timeoutMillis, String raisedBy, long selectionMillis) {

    /** The driver's server selection timeout text (BaseCluster), with the selector it names. */
    private static final String SELECTION = "waiting for a server that matches";

    /** The same, with a time limit of {@code millis} for the calls it runs (e.g. a short probe). */
    MongoCalls limitedTo(long millis) {
        return new MongoCalls(server, millis, null, selectionMillis);
    }

    <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoBulkWriteException e) {
            throw new StoreUnavailableException(StatisticsReader.BACKEND + ": " + what + " failed after "
                    + e.getWriteResult().getInsertedCount() + " readings were inserted (" + firstError(e)
                    + "); retrying the batch stores nothing twice", e);
        } catch (MongoTimeoutException e) {
            // With timeoutMS set the driver throws MongoOperationTimeoutException for a failed selection too.
            if (e.getMessage() != null && e.getMessage().contains(SELECTION)) {
                throw StoreUnavailableException.unreachable(failed(what), server, noServer(e.getMessage()), e);
            }
            if (e instanceof MongoOperationTimeoutException) {
                throw StoreUnavailableException.timedOut(failed(what), server, timeoutMillis, raisedBy, e);
            }
            throw StoreUnavailableException.unreachable(failed(what), server, e.getMessage(), e);
        } catch (MongoSocketException e) {
            throw StoreUnavailableException.unreachable(failed(what), server, e.getMessage(), e);
        } catch (MongoSecurityException e) {
            throw StoreUnavailableException.refusedCredentials(failed(what), server, e.getMessage(), e);
        } catch (MongoException e) {
            throw new StoreUnavailableException(failed(what) + ": " + e.getMessage(), e);
        }
    }

    /** Server selection waits at most the selection timeout, and no longer than the operation's limit (CSOT spec). */
    private String noServer(String driverSays) {
        String which = driverSays.contains("readPreference=primary}") || driverSays.contains("WritableServerSelector")
                ? "primary" : "suitable";
        long waited = timeoutMillis == null ? selectionMillis : Math.min(selectionMillis, timeoutMillis);
        return "no " + which + " server was found within the server selection timeout (" + waited + " ms)";
    }

    private static String failed(String what) {
        return StatisticsReader.BACKEND + ": " + what + " failed";
    }

    private static String firstError(MongoBulkWriteException e) {
        return e.getWriteErrors().isEmpty() ? String.valueOf(e.getWriteConcernError())
                : e.getWriteErrors().get(0).getMessage();
    }
}
