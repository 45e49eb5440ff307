package io.bucketry.adapter.mongo.timeseries;

import org.bson.Document;
import org.bson.types.ObjectId;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The documents of one series, sorted by time (either way), with duplicates dropped: of several
 * documents with the same time — left by writers that raced — only the one with the lowest
 * {@code _id} is kept, the same one the aggregation pipeline keeps. ObjectIds begin with their
 * creation second, so that is the earliest written in all but same-second races.
 */
final class DistinctByTime implements Iterator<Document> {

    private final Iterator<Document> sorted;
    private Document pending;

    DistinctByTime(Iterator<Document> sorted) {
        this.sorted = sorted;
        this.pending = sorted.hasNext() ? sorted.next() : null;
    }

    @Override
    public boolean hasNext() {
        return pending != null;
    }

    @Override
    public Document next() {
        if (pending == null) {
            throw new NoSuchElementException();
        }
        Document best = pending;
        long time = best.getDate(ReadingDocuments.TIME).getTime();
        pending = null;
        while (sorted.hasNext()) {
            Document candidate = sorted.next();
            if (candidate.getDate(ReadingDocuments.TIME).getTime() != time) {
                pending = candidate;
                break;
            }
            if (lower(candidate.get(ReadingDocuments.ID), best.get(ReadingDocuments.ID))) {
                best = candidate;
            }
        }
        return best;
    }

    private static boolean lower(Object id, Object than) {
        if (id instanceof ObjectId a && than instanceof ObjectId b) {
            return a.compareTo(b) < 0;
        }
        return String.valueOf(id).compareTo(String.valueOf(than)) < 0;
    }
}
