package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/** Runs driver calls and translates every driver exception into {@link StoreUnavailableException}. */
final class MongoCalls {

    private MongoCalls() {
    }

    static <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoBulkWriteException e) {
            throw new StoreUnavailableException("mongo-timeseries: " + what + " failed after "
                    + e.getWriteResult().getInsertedCount() + " readings were inserted (" + firstError(e)
                    + "); retrying the batch stores nothing twice", e);
        } catch (MongoException e) {
            throw new StoreUnavailableException("mongo-timeseries: " + what + " failed: " + e.getMessage(), e);
        }
    }

    private static String firstError(MongoBulkWriteException e) {
        return e.getWriteErrors().isEmpty() ? String.valueOf(e.getWriteConcernError())
                : e.getWriteErrors().get(0).getMessage();
    }
}
