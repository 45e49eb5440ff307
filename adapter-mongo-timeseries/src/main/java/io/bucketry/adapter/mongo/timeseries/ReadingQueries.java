package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;

/**
 * Range, latest and page reads of one series on the {series, t} index, sorted by time only (what
 * the index and the server's bucket unpacking serve best) and deduplicated while streaming.
 */
final class ReadingQueries {

    private static final int MAX_BATCH = 5_000;
    /** Documents the latest read asks for: two tell whether the newest time has a second copy. */
    static final int LATEST_PROBE = 2;

    private final MongoCollection<Document> collection;
    private final boolean timeSeries;
    private final MetaField meta;

    /** @param timeSeries a native time-series collection (else a plain one, whose index serves the sort) */
    ReadingQueries(MongoCollection<Document> collection, boolean timeSeries) {
        this(collection, timeSeries, MetaField.SERIES);
    }

    ReadingQueries(MongoCollection<Document> collection, boolean timeSeries, MetaField meta) {
        this.meta = meta;
        this.collection = collection;
        this.timeSeries = timeSeries;
    }

    List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return read(series, null, range, limit);
    }

    /** As {@link #read(SeriesId, TimeRange, int)}, of the readings {@code tags} matches (null: all). */
    List<Reading> read(SeriesId series, Bson tags, TimeRange range, int limit) {
        Bson filter = Filters.and(Filters.eq(meta.series, series.value()),
                Filters.gte(ReadingDocuments.TIME, Date.from(range.from())),
                Filters.lt(ReadingDocuments.TIME, Date.from(range.to())));
        filter = tags == null ? filter : Filters.and(filter, tags);
        return collect(filter, 1, 0, limit);
    }

    /**
     * The newest reading, with a sort the server bounds by a limit (a top-k sort, no unpacking of the
     * whole series into memory). If all {@value #LATEST_PROBE} documents it returns share the newest
     * time, more copies may exist: they are all read by that exact time, so the lowest _id still wins.
     * A newest document without a usable field is passed over, as the other reads do.
     */
    Optional<Reading> latest(SeriesId series, Instant notBefore) {
        Bson seriesFilter = Filters.eq(meta.series, series.value());
        Bson range = Filters.gte(ReadingDocuments.TIME, Date.from(notBefore));
        while (true) {
            List<Document> top = collection.find(Filters.and(seriesFilter, range))
                    .sort(Sorts.descending(ReadingDocuments.TIME)).limit(LATEST_PROBE).into(new ArrayList<>());
            if (top.isEmpty()) {
                return Optional.empty();
            }
            Date newest = top.get(0).getDate(ReadingDocuments.TIME);
            List<Document> copies = top.stream().filter(d -> newest.equals(d.getDate(ReadingDocuments.TIME))).toList();
            if (copies.size() == LATEST_PROBE) {
                copies = collection.find(Filters.and(seriesFilter, Filters.eq(ReadingDocuments.TIME, newest)))
                        .into(new ArrayList<>());
                if (copies.isEmpty()) {
                    continue; // deleted in between: ask again
                }
            }
            Reading reading = ReadingDocuments.toReading(new DistinctByTime(copies.iterator()).next(), meta);
            if (reading != null) {
                return Optional.of(reading);
            }
            range = Filters.and(Filters.gte(ReadingDocuments.TIME, Date.from(notBefore)),
                    Filters.lt(ReadingDocuments.TIME, newest));
        }
    }

    /** Page N costs reading N·size documents (plus duplicates): skipping happens after deduplication. */
    List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
        Bson filter = Filters.and(Filters.eq(meta.series, series.value()),
                Filters.gte(ReadingDocuments.TIME, Date.from(notBefore)));
        return collect(filter, 1, (number - 1) * size, size);
    }

    private List<Reading> collect(Bson filter, int direction, long skip, int limit) {
        Bson sort = direction > 0 ? Sorts.ascending(ReadingDocuments.TIME) : Sorts.descending(ReadingDocuments.TIME);
        // One more than needed completes the last group of equal times.
        int batch = (int) Math.min(MAX_BATCH, skip + limit + 1);
        List<Reading> out = new ArrayList<>(Math.min(limit, MAX_BATCH));
        // Before 6.0 a time-series collection sorts unpacked measurements in memory (capped at 100 MB);
        // the option is not sent to plain collections, which servers before 4.4 would refuse.
        try (MongoCursor<Document> cursor = collection.find(filter).sort(sort).batchSize(batch)
                .allowDiskUse(timeSeries ? Boolean.TRUE : null).iterator()) {
            DistinctByTime distinct = new DistinctByTime(cursor);
            long skipped = 0;
            while (out.size() < limit && distinct.hasNext()) {
                Document document = distinct.next();
                if (skipped < skip) {
                    skipped++;
                    continue;
                }
                Reading reading = ReadingDocuments.toReading(document, meta);
                if (reading != null) {
                    out.add(reading);
                }
            }
        }
        return out;
    }
}
