package io.bucketry.adapter.mongo.common;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/**
 * Translates driver failures into the port's {@link StoreUnavailableException} for both Mongo adapters
 * and their rollup tiers: no driver type crosses the port, and a server that cannot be reached is one line naming its hosts, never the
 * driver's cluster dump.
 *
 * @param server         the hosts of the connection string: never credentials
 * @param timeoutMillis  the operation time limit (the driver's {@code timeoutMS}), null when none is set
 * @param raisedBy       what sets that limit, for the message (e.g. "the key mongoTimeout"), or null
 * @param selectionMillis the server selection timeout
 * @param who            what the messages start with: the backend, or what else uses the server
 */
public record MongoFailures(String server, Long timeoutMillis, String raisedBy, long selectionMillis, String who) {

    /** The driver's server selection timeout text (BaseCluster), with the selector it names. */
    private static final String SELECTION = "waiting for a server that matches";

    /** The same, with a time limit of {@code millis} for the calls it translates (e.g. a short probe). */
    public MongoFailures limitedTo(long millis) {
        return new MongoFailures(server, millis, null, selectionMillis, who);
    }

    /** The same, for messages that start with {@code name} instead. */
    public MongoFailures named(String name) {
        return new MongoFailures(server, timeoutMillis, raisedBy, selectionMillis, name);
    }

    /** Runs {@code call}; a driver failure becomes "{@code who}: could not {@code operation}: why". */
    public <T> T translate(String operation, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoBulkWriteException e) {
            throw new StoreUnavailableException(failed(operation) + ": " + firstError(e) + " ("
                    + e.getWriteResult().getInsertedCount() + " documents were inserted before)", e);
        } catch (MongoTimeoutException e) {
            // With timeoutMS set the driver throws MongoOperationTimeoutException for a failed selection too.
            if (e.getMessage() != null && e.getMessage().contains(SELECTION)) {
                throw StoreUnavailableException.unreachable(failed(operation), server, noServer(e.getMessage()), e);
            }
            if (e instanceof MongoOperationTimeoutException) {
                throw StoreUnavailableException.timedOut(failed(operation), server, timeoutMillis, raisedBy, e);
            }
            throw StoreUnavailableException.unreachable(failed(operation), server, e.getMessage(), e);
        } catch (MongoSocketException e) {
            throw StoreUnavailableException.unreachable(failed(operation), server, e.getMessage(), e);
        } catch (MongoSecurityException e) {
            throw StoreUnavailableException.refusedCredentials(failed(operation), server, e.getMessage(), e);
        } catch (MongoException e) {
            throw new StoreUnavailableException(failed(operation) + ": " + e.getMessage(), e);
        }
    }

    /** Server selection waits at most the selection timeout, and no longer than the operation's limit (CSOT spec). */
    private String noServer(String driverSays) {
        String which = driverSays.contains("readPreference=primary}") || driverSays.contains("WritableServerSelector")
                ? "primary" : "suitable";
        long waited = timeoutMillis == null ? selectionMillis : Math.min(selectionMillis, timeoutMillis);
        return "no " + which + " server was found within the server selection timeout (" + waited + " ms)";
    }

    private String failed(String operation) {
        return who + ": could not " + operation;
    }

    private static String firstError(MongoBulkWriteException e) {
        return e.getWriteErrors().isEmpty() ? String.valueOf(e.getWriteConcernError())
                : e.getWriteErrors().get(0).getMessage();
    }

    /** As {@link #translate(String, Supplier)}, for a call without a result. */
    public void translate(String operation, Runnable call) {
        translate(operation, () -> {
            call.run();
            return null;
        });
    }
}
