package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;

import java.util.ArrayList;
import java.util.List;

/** Reads an unordered bulk of claims that failed in part: duplicate key errors are claims lost to another batch. */
final class LostClaims {

    private LostClaims() {
    }

    /**
     * The indexes, in the bulk, of the claims another batch holds; {@code e} itself when anything else
     * failed (a write concern error, another write error), which no claim answers.
     */
    static List<Integer> indexes(MongoBulkWriteException e) {
        if (e.getWriteConcernError() != null) {
            throw e;
        }
        List<Integer> lost = new ArrayList<>(e.getWriteErrors().size());
        for (BulkWriteError error : e.getWriteErrors()) {
            if (ErrorCategory.fromErrorCode(error.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            lost.add(error.getIndex());
        }
        return lost;
    }
}
